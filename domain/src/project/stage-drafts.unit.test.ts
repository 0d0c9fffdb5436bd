import { describe, expect, it } from 'vitest';
import type { Command } from '../decider.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  conceptSelected,
  conceptsProposed,
  metadata,
  now,
  projectCreated,
  projectId,
  stageNotesUpdated,
  stageReset,
  stranger,
  tipWall,
} from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import type { ConceptRemoved, DraftChoice, ProposeStageDrafts, StageDraftCommand, StageDraftsProposed } from './stage-drafts.ts';
import { evolveProject, type ActiveProjectState } from './state.ts';

const given = deciderSpec(projectDecider);
const command = <C extends StageDraftCommand>(type: C['type'], data: Record<string, unknown>, actorId?: string) =>
  ({ type, data: { projectId, ...data }, metadata: metadata(actorId) }) as Command<C['type'], C['data']> as C;

const propose = (stage: 4 | 5, drafts: Record<string, string>, field?: string, actorId?: string) =>
  command<ProposeStageDrafts>('ProposeStageDrafts', { stage, requestId: 'ai-1', drafts, ...(field ? { field } : {}) }, actorId);
const resolve = (field: string, choice: DraftChoice, requestId = 'ai-1') => command('ResolveDraftProposal', { requestId, field, choice });
const proposed = (stage: 4 | 5, proposals: Record<string, string>, requestId = 'ai-1'): StageDraftsProposed => ({
  type: 'StageDraftsProposed',
  data: { projectId, stage, requestId, proposals, proposedAt: now },
});
const resolved = (stage: 4 | 5, field: string, choice: DraftChoice, requestId = 'ai-1'): ProjectEvent => ({
  type: 'DraftProposalResolved',
  data: { projectId, stage, requestId, field, choice, resolvedAt: now },
});
const typedSource = stageNotesUpdated(4, { rewardSource: 'My tips' }, { rewardSource: '' });
const stateAfter = (events: ProjectEvent[]) => events.reduce(evolveProject, { status: 'empty' }) as ActiveProjectState;

describe('ProposeStageDrafts', () => {
  it('fills empty fields directly and proposes beside a field that has text', () =>
    given([projectCreated(), typedSource])
      .when(propose(4, { rewardSource: 'Tips from viewers', rewardFlow: 'Half to the pool', unknownField: 'x' }))
      .then([stageNotesUpdated(4, { rewardFlow: 'Half to the pool' }, { rewardFlow: '' }), proposed(4, { rewardSource: 'Tips from viewers' })]));

  it('with a field, drafts only that field', () =>
    given([projectCreated(), typedSource])
      .when(propose(4, { rewardSource: 'Tips from viewers', rewardFlow: 'Half to the pool' }, 'rewardSource'))
      .then([proposed(4, { rewardSource: 'Tips from viewers' })]));

  it('proposes nothing where the draft says what the field already says', () =>
    given([projectCreated(), typedSource])
      .when(propose(4, { rewardSource: ' My tips ' }))
      .thenNothingHappened());

  it('refuses a field the stage does not have, naming it', () =>
    given([projectCreated()])
      .when(propose(5, { rewardSource: 'x' }, 'rewardSource'))
      .thenThrows(ValidationError, "stage 5 has no field 'rewardSource'"));

  it("is another owner's project: not found", () =>
    given([projectCreated()])
      .when(propose(4, { rewardSource: 'x' }, undefined, stranger))
      .thenThrows(NotFoundError));

  it('keeps the pending proposals in the project, one per field, the newest', () => {
    const state = stateAfter([
      projectCreated(),
      typedSource,
      proposed(4, { rewardSource: 'First' }),
      proposed(4, { rewardSource: 'Second' }, 'ai-2'),
    ]);
    expect(state.draftProposals).toEqual([{ requestId: 'ai-2', stage: 4, field: 'rewardSource', text: 'Second' }]);
  });

  it("a stage reset drops that stage's proposals only", () => {
    const state = stateAfter([
      projectCreated(),
      proposed(4, { rewardSource: 'Tips' }),
      proposed(5, { oneLinerPitch: 'Pitch' }, 'ai-2'),
      stageReset(4, ['rewardSource']),
    ]);
    expect(state.draftProposals).toEqual([{ requestId: 'ai-2', stage: 5, field: 'oneLinerPitch', text: 'Pitch' }]);
  });
});

describe('ResolveDraftProposal', () => {
  const pending = [projectCreated(), typedSource, proposed(4, { rewardSource: 'Tips from viewers' })];

  it('Keep leaves the text and closes the proposal', () =>
    given(pending)
      .when(resolve('rewardSource', 'keep'))
      .then([resolved(4, 'rewardSource', 'keep')]));

  it("Replace puts the stored proposal's text in the field", () =>
    given(pending)
      .when(resolve('rewardSource', 'replace'))
      .then([stageNotesUpdated(4, { rewardSource: 'Tips from viewers' }, { rewardSource: 'My tips' }), resolved(4, 'rewardSource', 'replace')]));

  it('Append adds it after the text as a new paragraph', () =>
    given(pending)
      .when(resolve('rewardSource', 'append'))
      .then([
        stageNotesUpdated(4, { rewardSource: 'My tips\n\nTips from viewers' }, { rewardSource: 'My tips' }),
        resolved(4, 'rewardSource', 'append'),
      ]));

  it('Append on a one-line field stays on one line', () =>
    given([
      projectCreated(),
      stageNotesUpdated(5, { finalConceptName: 'Tip Wall' }, { finalConceptName: '' }),
      proposed(5, { finalConceptName: 'Live' }),
    ])
      .when(resolve('finalConceptName', 'append'))
      .then([
        stageNotesUpdated(5, { finalConceptName: 'Tip Wall Live' }, { finalConceptName: 'Tip Wall' }),
        resolved(5, 'finalConceptName', 'append'),
      ]));

  it("drafts the page's texts into its webpageElements: an empty one filled, one with text proposed, the rest kept", () => {
    const page = { headline: '', visualDescription: '', cta: 'Tip now', explanation: '', otherElements: [{ name: 'Leaderboard', description: '' }] };
    const typedPage = stageNotesUpdated(5, { webpageElements: page }, {});
    return given([projectCreated(), typedPage])
      .when(propose(5, { webpageHeadline: 'Tip the wall', webpageCta: 'Join the pool' }))
      .then([
        stageNotesUpdated(5, { webpageElements: { ...page, headline: 'Tip the wall' } }, { webpageElements: page }),
        proposed(5, { webpageCta: 'Join the pool' }),
      ]);
  });

  it("Append on the page's call to action stays on one line, inside webpageElements", () => {
    const page = { headline: 'Tip the wall', visualDescription: '', cta: 'Tip now', explanation: '', otherElements: [] };
    return given([projectCreated(), stageNotesUpdated(5, { webpageElements: page }, {}), proposed(5, { webpageCta: 'and win' })])
      .when(resolve('webpageCta', 'append'))
      .then([
        stageNotesUpdated(5, { webpageElements: { ...page, cta: 'Tip now and win' } }, { webpageElements: page }),
        resolved(5, 'webpageCta', 'append'),
      ]);
  });

  it('refuses a proposal that is not waiting, naming the request', () =>
    given([...pending, resolved(4, 'rewardSource', 'keep')])
      .when(resolve('rewardSource', 'replace'))
      .thenThrows(ValidationError, 'This suggestion is no longer waiting for a choice'));
});

describe('UpdateConcept and RemoveConcept', () => {
  const concepts = conceptsProposed([tipWall(), tipWall({ name: 'Echo' }), tipWall({ name: 'Relay' })]);
  const removed = (index: number, name: string): ConceptRemoved => ({
    type: 'ConceptRemoved',
    data: { projectId, index, concept: tipWall({ name }), removedAt: now },
  });

  it('edits a concept', () =>
    given([projectCreated(), concepts])
      .when(command('UpdateConcept', { index: 1, concept: { name: ' Echo Chamber ', simplicityScore: 2, viralHook: 'share' } }))
      .then([
        {
          type: 'ConceptUpdated',
          data: {
            projectId,
            index: 1,
            concept: { name: 'Echo Chamber', simplicityScore: 2, viralHook: 'share' },
            previous: tipWall({ name: 'Echo' }),
            updatedAt: now,
          },
        },
      ]));

  it("refuses another concept's name, naming the field", () =>
    given([projectCreated(), concepts])
      .when(command('UpdateConcept', { index: 1, concept: { name: 'Relay', simplicityScore: 2 } }))
      .thenThrows(ValidationError, 'A concept with this name already exists'));

  it('removes a concept', () =>
    given([projectCreated(), concepts])
      .when(command('RemoveConcept', { index: 2 }))
      .then([removed(2, 'Relay')]));

  it('refuses an index without a concept', () =>
    given([projectCreated(), concepts])
      .when(command('RemoveConcept', { index: 3 }))
      .thenThrows(ValidationError, 'Concept not found'));

  it('keeps the selection on the same concept when one before it goes, and clears it when the selected one goes', () => {
    const selected = [projectCreated(), concepts, conceptSelected(2, 'Relay')];
    expect(stateAfter([...selected, removed(0, 'Tip Wall')]).stages[3].selectedConceptIndex).toBe(1);
    expect(stateAfter([...selected, removed(2, 'Relay')]).stages[3].selectedConceptIndex).toBeNull();
  });
});
