import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { NotFoundError, ValidationError, type DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  addBuilderParameter,
  builderCoreIdeaChanged,
  builderCreated,
  builderCurrentStepChanged,
  builderFinished,
  builderParameterAdded,
  builderParameterRemoved,
  builderParametersCleared,
  builderPromptRecorded,
  builderReopened,
  builderStepCompleted,
  builderViralMechanicsChanged,
  clearBuilderParameters,
  completeBuilderStep,
  finishBuilder,
  goToBuilderStep,
  nextFrom,
  recordBuilderPrompt,
  removeBuilderParameter,
  reopenBuilder,
  setBuilderCoreIdea,
  setBuilderViralMechanics,
  words,
} from '../testing/project-builder-fixtures.ts';
import {
  addParameter,
  advanceStage,
  createProject,
  projectCreated,
  projectRenamed,
  renameProject,
  setCoreIdea,
  stranger,
  updateStageNotes,
} from '../testing/project-fixtures.ts';
import { DUPLICATE_PARAMETER_MESSAGE, LIST_FULL_MESSAGE, MAX_LIST_ITEMS } from './constants.ts';
import { emptyBuilder, firstIncompleteStep, type BuilderStep } from './builder.ts';
import { BUILDER_FINISHED_MESSAGE, EMPTY_BLUEPRINT_MESSAGE } from './decide-builder.ts';
import type { ProjectCommand } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import type { ActiveProjectState } from './state.ts';

const given = deciderSpec(projectDecider);
const stateAfter = (events: ProjectEvent[]) => fold(projectDecider, events) as ActiveProjectState;
const refusal = (events: ProjectEvent[], command: ProjectCommand): DomainError => {
  try {
    projectDecider.decide(command, stateAfter(events));
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the command to be refused');
};
/** Steps 1…n completed by Next, one after the other. */
const completedThrough = (n: number): ProjectEvent[] => Array.from({ length: n }, (_, i) => nextFrom((i + 1) as BuilderStep)).flat();

describe('CreateProject of a builder project', () => {
  it("is named 'My Viral Idea' by default, starts empty and says its kind", () =>
    given([])
      .when(createProject({ kind: 'builder' }))
      .then([builderCreated()]));

  it('keeps a given name, trimmed', () =>
    given([])
      .when(createProject({ kind: 'builder', name: '  Tip Wall ' }))
      .then([builderCreated({ name: 'Tip Wall' })]));

  it("refuses a guided core idea: the builder's is set on its first step", () =>
    given([])
      .when(createProject({ kind: 'builder', coreIdea: 'tips' }))
      .thenThrows(ValidationError));

  it('folds into a builder project with an empty builder; a project created without a kind is guided', () => {
    expect(stateAfter([builderCreated()])).toMatchObject({ kind: 'builder', builder: emptyBuilder() });
    expect(stateAfter([projectCreated()])).toMatchObject({ kind: 'guided', builder: null });
  });
});

describe('the kind of project a command works on', () => {
  it.each<[string, ProjectCommand]>([
    ['SetBuilderCoreIdea', setBuilderCoreIdea('tips')],
    ['AddBuilderParameter', addBuilderParameter('technical', 'Workers')],
    ['CompleteBuilderStep', completeBuilderStep(1)],
    ['FinishBuilder', finishBuilder(10)],
  ])('%s is refused on a guided project, naming its kind', (_, command) =>
    expect(refusal([projectCreated()], command)).toMatchObject({
      code: 'validation',
      field: 'kind',
      message: 'This is a guided project: only a nine-step builder project takes this change',
    }),
  );

  it.each<[string, ProjectCommand]>([
    ['SetCoreIdea', setCoreIdea('tips')],
    ['AddParameter', addParameter()],
    ['UpdateStageNotes', updateStageNotes(4, { rewardFlow: 'pool' })],
    ['AdvanceStage', advanceStage(1, true)],
  ])("the guided stages' %s is refused on a builder project", (_, command) =>
    expect(refusal([builderCreated()], command)).toMatchObject({ field: 'kind', message: expect.stringContaining('nine-step builder project') }),
  );

  it('a builder project is renamed like any other', () =>
    given([builderCreated()])
      .when(renameProject('Tip Wall'))
      .then([projectRenamed('Tip Wall', 'My Viral Idea')]));

  it("answers not found for another owner's builder project, before saying anything of its kind", () => {
    expect(refusal([builderCreated()], setBuilderCoreIdea('tips', stranger))).toBeInstanceOf(NotFoundError);
    expect(refusal([projectCreated()], setBuilderCoreIdea('tips', stranger))).toBeInstanceOf(NotFoundError);
    expect(refusal([], completeBuilderStep(1))).toBeInstanceOf(NotFoundError);
  });
});

describe('SetBuilderCoreIdea', () => {
  it('sets the trimmed core idea with its word count and the one it replaced', () =>
    given([builderCreated(), builderCoreIdeaChanged('old idea')])
      .when(setBuilderCoreIdea('  a wall of tips '))
      .then([builderCoreIdeaChanged('a wall of tips', 'old idea')]));

  it('takes exactly 60 words', () =>
    given([builderCreated()])
      .when(setBuilderCoreIdea(words(60)))
      .then([builderCoreIdeaChanged(words(60))]));

  it('refuses 61 words, naming the field and the limit', () =>
    expect(refusal([builderCreated()], setBuilderCoreIdea(words(61)))).toMatchObject({
      code: 'validation',
      field: 'coreIdea',
      message: 'Core idea must be at most 60 words (it has 61)',
    }));

  it('does nothing for the same idea', () =>
    given([builderCreated(), builderCoreIdeaChanged('tips')])
      .when(setBuilderCoreIdea('tips '))
      .thenNothingHappened());
});

describe('SetBuilderViralMechanics', () => {
  it('takes exactly 40 words', () =>
    given([builderCreated()])
      .when(setBuilderViralMechanics(words(40)))
      .then([builderViralMechanicsChanged(words(40))]));

  it('refuses 41 words, naming the field and the limit', () =>
    expect(refusal([builderCreated()], setBuilderViralMechanics(words(41)))).toMatchObject({
      field: 'viralMechanics',
      message: 'Viral mechanics must be at most 40 words (it has 41)',
    }));
});

describe('AddBuilderParameter', () => {
  it('adds a trimmed parameter and turns its category active', () =>
    given([builderCreated()])
      .when(addBuilderParameter('technical', '  Cloudflare Workers '))
      .then([builderParameterAdded('technical', 'Cloudflare Workers', { activated: true })]));

  it(`refuses a value past ${MAX_LIST_ITEMS} in one category, naming the category`, () =>
    given([builderCreated(), ...Array.from({ length: MAX_LIST_ITEMS }, (_, index) => builderParameterAdded('technical', `tool ${index}`))])
      .when(addBuilderParameter('technical', 'one more'))
      .thenThrows(ValidationError, LIST_FULL_MESSAGE));

  it('a second parameter finds the category active already', () =>
    given([builderCreated(), builderParameterAdded('technical', 'Workers')])
      .when(addBuilderParameter('technical', 'KV'))
      .then([builderParameterAdded('technical', 'KV', { activated: false })]));

  it('cuts a technical framework parameter to 3 words and keeps what was typed', () =>
    given([builderCreated()])
      .when(addBuilderParameter('technical', 'one two three four five'))
      .then([builderParameterAdded('technical', 'one two three', { typed: 'one two three four five' })]));

  it.each(['sustainability'] as const)('cuts a %s parameter to 3 words', (category) =>
    given([builderCreated()])
      .when(addBuilderParameter(category, 'a b c d'))
      .then([builderParameterAdded(category, 'a b c', { typed: 'a b c d' })]),
  );

  it.each(['socialCurrency', 'emotion', 'public', 'practicalValue', 'stories', 'community'] as const)(
    'takes 10 words for %s and cuts the 11th',
    (category) => {
      given([builderCreated()])
        .when(addBuilderParameter(category, words(10)))
        .then([builderParameterAdded(category, words(10))]);
      given([builderCreated()])
        .when(addBuilderParameter(category, words(11)))
        .then([builderParameterAdded(category, words(10), { typed: words(11) })]);
    },
  );

  it('ignores blank input', () => given([builderCreated()]).when(addBuilderParameter('emotion', '   ')).thenNothingHappened());

  it('drops an exact repeat silently', () =>
    given([builderCreated(), builderParameterAdded('emotion', 'Pride')])
      .when(addBuilderParameter('emotion', ' Pride '))
      .thenNothingHappened());

  it.each(['pride', ' pride! ', 'PRIDE'])('refuses %j beside Pride, naming the value', (typed) =>
    given([builderCreated(), builderParameterAdded('emotion', 'Pride')])
      .when(addBuilderParameter('emotion', typed))
      .thenThrows(ValidationError, DUPLICATE_PARAMETER_MESSAGE),
  );

  it('a duplicate only counts within its own category', () =>
    given([builderCreated(), builderParameterAdded('emotion', 'Pride')])
      .when(addBuilderParameter('stories', 'Pride'))
      .then([builderParameterAdded('stories', 'Pride')]));
});

describe('RemoveBuilderParameter and ClearBuilderParameters', () => {
  it('removes a parameter; the category stays active', () => {
    given([builderCreated(), builderParameterAdded('public', 'Leaderboard')])
      .when(removeBuilderParameter('public', 'Leaderboard'))
      .then([builderParameterRemoved('public', 'Leaderboard')]);
    const state = stateAfter([builderCreated(), builderParameterAdded('public', 'Leaderboard'), builderParameterRemoved('public', 'Leaderboard')]);
    expect(state.builder!.categories.public).toEqual({ active: true, params: [] });
  });

  it('removing what is not there does nothing', () =>
    given([builderCreated()]).when(removeBuilderParameter('public', 'Leaderboard')).thenNothingHappened());

  it('clears a category, saying what it held; the category stays active', () => {
    const events = [builderCreated(), builderParameterAdded('stories', 'Origin'), builderParameterAdded('stories', 'Underdog', { activated: false })];
    given(events)
      .when(clearBuilderParameters('stories'))
      .then([builderParametersCleared('stories', ['Origin', 'Underdog'])]);
    expect(stateAfter([...events, builderParametersCleared('stories', ['Origin', 'Underdog'])]).builder!.categories.stories).toEqual({
      active: true,
      params: [],
    });
  });

  it('clearing an empty category does nothing', () => given([builderCreated()]).when(clearBuilderParameters('stories')).thenNothingHappened());
});

describe('CompleteBuilderStep (Next)', () => {
  it('completes the first step and moves to the second', () => given([builderCreated()]).when(completeBuilderStep(1)).then(nextFrom(1)));

  it('completes steps in order', () =>
    given([builderCreated(), ...completedThrough(3)])
      .when(completeBuilderStep(4))
      .then(nextFrom(4)));

  it('refuses a step whose earlier steps are not all complete', () =>
    expect(refusal([builderCreated(), ...completedThrough(1)], completeBuilderStep(3))).toMatchObject({
      field: 'step',
      message: 'Complete step 2 (Closed Loop System) before step 3 (Social Currency)',
    }));

  it('a completed step is completed once; Next on it only moves on', () =>
    given([builderCreated(), ...completedThrough(2), builderCurrentStepChanged(1, 3)])
      .when(completeBuilderStep(1))
      .then([builderCurrentStepChanged(2, 1)]));

  it('the last step completes and stays the current one', () =>
    given([builderCreated(), ...completedThrough(8)])
      .when(completeBuilderStep(9))
      .then([builderStepCompleted(9)]));

  it('keeps the completed steps without gaps', () => {
    const state = stateAfter([builderCreated(), ...completedThrough(5)]);
    expect(state.builder!.completedSteps).toEqual([1, 2, 3, 4, 5]);
    expect(state.builder!.currentStep).toBe(6);
    expect(firstIncompleteStep(state.builder!)).toBe(6);
  });
});

describe('GoToBuilderStep (Previous, a step tile)', () => {
  it('goes back to a completed step', () =>
    given([builderCreated(), ...completedThrough(2)])
      .when(goToBuilderStep(1))
      .then([builderCurrentStepChanged(1, 3)]));

  it('goes to the next step to do', () =>
    given([builderCreated(), ...completedThrough(2), builderCurrentStepChanged(1, 3)])
      .when(goToBuilderStep(3))
      .then([builderCurrentStepChanged(3, 1)]));

  it('refuses a locked step', () =>
    expect(refusal([builderCreated(), ...completedThrough(1)], goToBuilderStep(5))).toMatchObject({
      field: 'step',
      message: 'step 5 (Public) is locked: complete step 2 (Closed Loop System) first',
    }));

  it('does nothing for the current step', () => given([builderCreated()]).when(goToBuilderStep(1)).thenNothingHappened());
});

describe('RecordBuilderPrompt', () => {
  it('records the trimmed prompt with the one it replaces and the AI request that wrote it', () =>
    given([builderCreated(), builderPromptRecorded('old')])
      .when(recordBuilderPrompt(' Build a tip wall ', 'req-1'))
      .then([builderPromptRecorded('Build a tip wall', 'old', 'req-1')]));

  it('does nothing for the same prompt', () =>
    given([builderCreated(), builderPromptRecorded('Build it')])
      .when(recordBuilderPrompt('Build it'))
      .thenNothingHappened());

  it('refuses an empty prompt', () =>
    given([builderCreated()]).when(recordBuilderPrompt('  ')).thenThrows(ValidationError, 'Enhanced prompt is required'));

  const withReport = (prompt: string, analysisReport: string) => {
    const recorded = recordBuilderPrompt(prompt, 'req-2');
    return { ...recorded, data: { ...recorded.data, analysisReport } };
  };
  const reportRecorded = (prompt: string, analysisReport: string, previousPrompt = '') => {
    const recorded = builderPromptRecorded(prompt, previousPrompt, 'req-2');
    return { ...recorded, data: { ...recorded.data, analysisReport } };
  };

  it('records the analysis report written with the prompt (spec 02 §2.7), trimmed', () =>
    given([builderCreated()])
      .when(withReport('Build it', ' Viral strength: 5 of 6 '))
      .then([reportRecorded('Build it', 'Viral strength: 5 of 6')]));

  it('records a new report for the same prompt, and nothing for the same prompt and report', () => {
    given([builderCreated(), reportRecorded('Build it', 'Old report')])
      .when(withReport('Build it', 'New report'))
      .then([reportRecorded('Build it', 'New report', 'Build it')]);
    given([builderCreated(), reportRecorded('Build it', 'Same report')])
      .when(withReport('Build it', 'Same report'))
      .thenNothingHappened();
  });

  it('marks the prompt outdated when a value changes after it, and current again when it is rewritten', () => {
    const written = [builderCreated(), builderPromptRecorded('Build it')];
    expect(stateAfter(written).builder?.promptOutdated).toBe(false);
    const changed = [...written, builderParameterAdded('community', 'Members vote')];
    expect(stateAfter(changed).builder?.promptOutdated).toBe(true);
    expect(stateAfter([...changed, builderPromptRecorded('Build it with votes', 'Build it')]).builder?.promptOutdated).toBe(false);
    expect(stateAfter([builderCreated(), builderParameterAdded('community', 'Members vote')]).builder?.promptOutdated).toBe(false);
  });

  it('keeps the last report when a prompt comes without one, and shows it in the state', () => {
    const state = stateAfter([builderCreated(), reportRecorded('Build it', 'The report'), builderPromptRecorded('Build it again', 'Build it')]);
    expect(state.builder).toMatchObject({ enhancedPrompt: 'Build it again', analysisReport: 'The report' });
  });
});

describe('FinishBuilder and ReopenBuilder (Back to Editor)', () => {
  it('finishes with the time spent and the steps complete by then', () =>
    given([builderCreated(), builderCoreIdeaChanged('tips'), ...completedThrough(7)])
      .when(finishBuilder(754))
      .then([builderFinished(754, [1, 2, 3, 4, 5, 6, 7])]));

  it('finishing after Back to Editor is a new finish', () =>
    given([builderCreated(), builderCoreIdeaChanged('tips'), builderFinished(100), builderReopened(100)])
      .when(finishBuilder(200))
      .then([builderFinished(200, [], null)]));

  it('finishing twice without reopening names the finish it replaces', () =>
    given([builderCreated(), builderCoreIdeaChanged('tips'), builderFinished(100)])
      .when(finishBuilder(200))
      .then([builderFinished(200, [], { timeSpentSeconds: 100, finishedAt: '2026-11-23T10:00:00.000Z' })]));

  it('refuses an empty blueprint with its reason, naming the core idea (issue 26)', () =>
    expect(refusal([builderCreated(), builderCoreIdeaChanged('   ')], finishBuilder(10))).toMatchObject({
      code: 'validation',
      field: 'coreIdea',
      message: EMPTY_BLUEPRINT_MESSAGE,
    }));

  it('reopening keeps every bit of the work', () => {
    const work = [
      builderCreated(),
      builderCoreIdeaChanged('tips'),
      builderParameterAdded('emotion', 'Pride'),
      ...completedThrough(2),
      builderPromptRecorded('Build'),
    ];
    given([...work, builderFinished(60, [1, 2])])
      .when(reopenBuilder())
      .then([builderReopened(60)]);
    const reopened = stateAfter([...work, builderFinished(60, [1, 2]), builderReopened(60)]).builder!;
    expect(reopened).toEqual({ ...stateAfter(work).builder!, finished: null });
    expect(stateAfter([...work, builderFinished(60, [1, 2])]).builder!.finished).toEqual({
      timeSpentSeconds: 60,
      finishedAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it('reopening an unfinished builder does nothing', () => given([builderCreated()]).when(reopenBuilder()).thenNothingHappened());

  it('a finished idea refuses changes until Back to Editor reopens it', () => {
    const finished = [builderCreated(), builderCoreIdeaChanged('tips'), builderFinished(60)];
    for (const command of [addBuilderParameter('emotion', 'Pride'), setBuilderCoreIdea('tips for all'), completeBuilderStep(1)]) {
      expect(refusal(finished, command)).toMatchObject({ field: 'finished', message: BUILDER_FINISHED_MESSAGE, title: 'Idea finished' });
    }
    given([...finished, builderReopened(60)])
      .when(addBuilderParameter('emotion', 'Pride'))
      .then([builderParameterAdded('emotion', 'Pride')]);
  });

  it('a finished idea still takes a save that changes nothing', () =>
    given([builderCreated(), builderCoreIdeaChanged('tips'), builderFinished(60)])
      .when(setBuilderCoreIdea('tips'))
      .thenNothingHappened());
});
