import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { TEXT_CONFLICT_TITLE, TextConflictError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  builderCoreIdeaChanged,
  builderCreated,
  builderViralMechanicsChanged,
  setBuilderCoreIdea,
  setBuilderViralMechanics,
} from '../testing/project-builder-fixtures.ts';
import {
  coreIdeaChanged,
  now,
  parameterAdded,
  projectCreated,
  projectId,
  projectRenamed,
  renameProject,
  setCoreIdea,
  stageNotesUpdated,
  stageReset,
  updateStageNotes,
} from '../testing/project-fixtures.ts';
import type { ProjectCommand } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { STAGE_DEFAULTS, type WebpageElements } from './stages.ts';

const given = deciderSpec(projectDecider);

/** The same edit, made on the text as it was at `baseRevision` (a tab that loaded the project then). */
const onBase = <C extends ProjectCommand>(command: C, baseRevision: number): C => ({ ...command, data: { ...command.data, baseRevision } });

/** The error a command is refused with, to look at what it carries. */
const refusal = (events: ProjectEvent[], command: ProjectCommand) => {
  try {
    projectDecider.decide(command, fold(projectDecider, events));
  } catch (error) {
    return error;
  }
  throw new Error('the command was not refused');
};

const elements = (overrides: Partial<WebpageElements> = {}): WebpageElements => ({ ...STAGE_DEFAULTS[5].webpageElements, ...overrides });

// Revisions count the stream's events from 0: projectCreated() is revision 0, the next event revision 1, …
const otherTabSetRewardFlow = stageNotesUpdated(4, { rewardFlow: 'pool' }, { rewardFlow: '' });

describe('a text edit made on an older revision (two tabs)', () => {
  it('is refused when the same text changed after its base, naming the text and carrying the stored one', () => {
    const error = refusal([projectCreated(), otherTabSetRewardFlow], onBase(updateStageNotes(4, { rewardFlow: 'fee' }), 0));
    expect(error).toBeInstanceOf(TextConflictError);
    expect(error).toMatchObject({ field: 'stages.4.rewardFlow', current: { value: 'pool', revision: 1 }, title: TEXT_CONFLICT_TITLE });
  });

  it('is applied when made on the revision of that last change (keeping your version resends it there)', () =>
    given([projectCreated(), otherTabSetRewardFlow])
      .when(onBase(updateStageNotes(4, { rewardFlow: 'fee' }), 1))
      .then([stageNotesUpdated(4, { rewardFlow: 'fee' }, { rewardFlow: 'pool' })]));

  it('is applied when only another text changed since its base: two tabs on two texts both keep their work', () =>
    given([projectCreated(), stageNotesUpdated(4, { rewardSource: 'tips' }, { rewardSource: '' }), parameterAdded()])
      .when(onBase(updateStageNotes(4, { rewardFlow: 'fee' }), 0))
      .then([stageNotesUpdated(4, { rewardFlow: 'fee' }, { rewardFlow: '' })]));

  it('changes nothing and refuses nothing when it writes what the other tab already saved', () =>
    given([projectCreated(), otherTabSetRewardFlow])
      .when(onBase(updateStageNotes(4, { rewardFlow: 'pool' }), 0))
      .thenNothingHappened());

  it('overwrites as before when it carries no base revision', () =>
    given([projectCreated(), otherTabSetRewardFlow])
      .when(updateStageNotes(4, { rewardFlow: 'fee' }))
      .then([stageNotesUpdated(4, { rewardFlow: 'fee' }, { rewardFlow: 'pool' })]));

  it('counts a stage reset after its base as a change to the text', () => {
    const error = refusal(
      [projectCreated(), otherTabSetRewardFlow, stageReset(4, ['rewardFlow'])],
      onBase(updateStageNotes(4, { rewardFlow: 'fee' }), 1),
    );
    expect(error).toMatchObject({ field: 'stages.4.rewardFlow', current: { value: '', revision: 2 } });
  });

  describe("a page's elements, one text each", () => {
    const otherTabSetHeadline = stageNotesUpdated(5, { webpageElements: elements({ headline: 'Tip the wall' }) }, { webpageElements: elements() });

    it("keeps the other tab's headline when this tab writes the call to action", () =>
      given([projectCreated(), otherTabSetHeadline])
        .when(onBase(updateStageNotes(5, { webpageElements: elements({ headline: 'Tip the wall', cta: 'Tip now' }) }), 0))
        .then([
          stageNotesUpdated(
            5,
            { webpageElements: elements({ headline: 'Tip the wall', cta: 'Tip now' }) },
            { webpageElements: elements({ headline: 'Tip the wall' }) },
          ),
        ]));

    it("refuses to overwrite the other tab's headline", () =>
      expect(
        refusal([projectCreated(), otherTabSetHeadline], onBase(updateStageNotes(5, { webpageElements: elements({ headline: 'Mine' }) }), 0)),
      ).toMatchObject({ field: 'stages.5.webpageElements.headline', current: { value: 'Tip the wall', revision: 1 } }));
  });

  describe('one object saved text by text, the race seen on /stage-5 (the same tab saving two page texts at once)', () => {
    const headlineSaved = stageNotesUpdated(5, { webpageElements: elements({ headline: 'Tip the wall' }) }, { webpageElements: elements() });
    const withBase = <C extends ProjectCommand>(command: C, baseRevision: number, baseFields: Record<string, unknown>): C => ({
      ...command,
      data: { ...command.data, baseRevision, baseFields },
    });

    it('writes only the call to action it names, on a base older than the headline save: no conflict, the headline kept', () =>
      given([projectCreated(), headlineSaved])
        .when(withBase(updateStageNotes(5, { webpageElements: { cta: 'Tip now' } }), 0, { webpageElements: { cta: '' } }))
        .then([
          stageNotesUpdated(
            5,
            { webpageElements: elements({ headline: 'Tip the wall', cta: 'Tip now' }) },
            { webpageElements: elements({ headline: 'Tip the wall' }) },
          ),
        ]));

    it('changes nothing when the named text already has that value', () =>
      given([projectCreated(), headlineSaved])
        .when(onBase(updateStageNotes(5, { webpageElements: { headline: 'Tip the wall' } }), 0))
        .thenNothingHappened());

    it('still refuses a headline another writer changed since this tab saw it', () =>
      expect(
        refusal(
          [projectCreated(), headlineSaved],
          withBase(updateStageNotes(5, { webpageElements: { headline: 'Mine' } }), 0, { webpageElements: { headline: '' } }),
        ),
      ).toMatchObject({ field: 'stages.5.webpageElements.headline', current: { value: 'Tip the wall', revision: 1 } }));
  });

  describe("a text changed after the base by this tab's own save (its answer lost, or sent while the page closed)", () => {
    const ownSave = stageNotesUpdated(4, { rewardFlow: 'poo' }, { rewardFlow: '' });
    const sentOver = (base: string, text = 'pool') => {
      const command = onBase(updateStageNotes(4, { rewardFlow: text }), 0);
      return { ...command, data: { ...command.data, baseFields: { rewardFlow: base } } };
    };

    it('is applied when the stored text is the one this tab last sent: the same writer', () =>
      given([projectCreated(), ownSave])
        .when(sentOver('poo'))
        .then([stageNotesUpdated(4, { rewardFlow: 'pool' }, { rewardFlow: 'poo' })]));

    it('is refused when the stored text is neither what this tab last sent nor what it writes: another writer', () =>
      expect(refusal([projectCreated(), otherTabSetRewardFlow], sentOver('po', 'pond'))).toMatchObject({
        field: 'stages.4.rewardFlow',
        current: { value: 'pool', revision: 1 },
      }));

    it('is refused, the stored text being newer, when an older save of this tab arrives after a newer one', () =>
      expect(refusal([projectCreated(), stageNotesUpdated(4, { rewardFlow: 'pool party' }, { rewardFlow: '' })], sentOver(''))).toMatchObject({
        field: 'stages.4.rewardFlow',
        current: { value: 'pool party' },
      }));

    it('holds for the core idea, the name and the builder texts, compared as they are stored (trimmed)', () => {
      given([projectCreated(), coreIdeaChanged('Fans tip')])
        .when({ ...setCoreIdea('Fans tip walls'), data: { ...setCoreIdea('Fans tip walls').data, baseRevision: 0, baseValue: 'Fans tip ' } })
        .then([{ type: 'CoreIdeaChanged', data: { projectId, coreIdea: 'Fans tip walls', previousCoreIdea: 'Fans tip', changedAt: now } }]);
      expect(
        refusal([projectCreated(), projectRenamed('Tip Jar')], {
          ...renameProject('Tip Wall'),
          data: { ...renameProject('Tip Wall').data, baseRevision: 0, baseValue: 'Tip' },
        }),
      ).toMatchObject({ field: 'name' });
      given([builderCreated(), builderCoreIdeaChanged('Fans tip')])
        .when({
          ...setBuilderCoreIdea('Fans tip twice'),
          data: { ...setBuilderCoreIdea('Fans tip twice').data, baseRevision: 0, baseValue: 'Fans tip' },
        })
        .then([builderCoreIdeaChanged('Fans tip twice', 'Fans tip')]);
    });
  });

  describe('the core idea and the project name', () => {
    it('refuses a core idea made before the other tab changed it, and takes one made after', () => {
      expect(refusal([projectCreated(), coreIdeaChanged('Fans tip')], onBase(setCoreIdea('Walls of tips'), 0))).toMatchObject({
        field: 'coreIdea',
        current: { value: 'Fans tip', revision: 1 },
      });
      given([projectCreated(), coreIdeaChanged('Fans tip')])
        .when(onBase(setCoreIdea('Walls of tips'), 1))
        .then([{ type: 'CoreIdeaChanged', data: { projectId, coreIdea: 'Walls of tips', previousCoreIdea: 'Fans tip', changedAt: now } }]);
    });

    it('refuses a name made before the other tab renamed the project', () =>
      expect(refusal([projectCreated(), projectRenamed('Tip Jar')], onBase(renameProject('Tip Wall'), 0))).toMatchObject({
        field: 'name',
        current: { value: 'Tip Jar', revision: 1 },
      }));

    it('lets a core idea through after a rename: another text', () =>
      given([projectCreated(), projectRenamed('Tip Jar')])
        .when(onBase(setCoreIdea('Fans tip'), 0))
        .then([{ type: 'CoreIdeaChanged', data: { projectId, coreIdea: 'Fans tip', previousCoreIdea: '', changedAt: now } }]));
  });
});

describe('revision bookkeeping', () => {
  const folded = (events: ProjectEvent[]) => {
    const state = fold(projectDecider, events);
    if (state.status !== 'active') throw new Error('the project should exist');
    return state;
  };

  it('counts every event and remembers, per text, the revision that changed it', () =>
    expect(folded([projectCreated(), parameterAdded(), otherTabSetRewardFlow, coreIdeaChanged('Fans tip')])).toMatchObject({
      revision: 3,
      textRevisions: { 'stages.4.rewardFlow': 2, coreIdea: 3 },
    }));

  it('leaves a text whose value an event did not change with its earlier revision', () => {
    const state = folded([
      projectCreated(),
      otherTabSetRewardFlow,
      stageNotesUpdated(4, { rewardFlow: 'pool', rewardSource: 'tips' }, { rewardFlow: 'pool', rewardSource: '' }),
    ]);
    expect(state.textRevisions).toEqual({ 'stages.4.rewardFlow': 1, 'stages.4.rewardSource': 2 });
  });
});

describe("the nine-step builder's texts (two tabs on /game)", () => {
  it("refuses a core idea saved over another tab's later one, carrying the stored text", () => {
    const error = refusal([builderCreated(), builderCoreIdeaChanged('Fans tip')], onBase(setBuilderCoreIdea('Fans tip twice'), 0));
    expect(error).toBeInstanceOf(TextConflictError);
    expect(error).toMatchObject({ field: 'builder.coreIdea', current: { value: 'Fans tip', revision: 1 } });
  });

  it('applies it on the revision of that change, and whenever only the other text changed', () => {
    given([builderCreated(), builderCoreIdeaChanged('Fans tip')])
      .when(onBase(setBuilderCoreIdea('Fans tip twice'), 1))
      .then([builderCoreIdeaChanged('Fans tip twice', 'Fans tip')]);
    given([builderCreated(), builderCoreIdeaChanged('Fans tip')])
      .when(onBase(setBuilderViralMechanics('Every tip is shown'), 0))
      .then([builderViralMechanicsChanged('Every tip is shown')]);
  });
});
