import { parameterKey, truncateWords } from '../ai/parameter-kinds.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { DUPLICATE_PARAMETER_MESSAGE, LIST_FULL_MESSAGE, MAX_LIST_ITEMS } from './constants.ts';
import { baseValuesOf, refuseStaleTextEdit } from './text-edits.ts';
import {
  BUILDER_CATEGORIES,
  BUILDER_CORE_IDEA_MAX_WORDS,
  BUILDER_VIRAL_MECHANICS_MAX_WORDS,
  builderStepName,
  countWords,
  firstIncompleteStep,
  LAST_BUILDER_STEP,
  type BuilderState,
  type BuilderStep,
  type ProjectKind,
} from './builder.ts';
import type {
  AddBuilderParameter,
  ClearBuilderParameters,
  CompleteBuilderStep,
  FinishBuilder,
  GoToBuilderStep,
  ProjectBuilderCommand,
  RecordBuilderPrompt,
  RemoveBuilderParameter,
  ReopenBuilder,
  SetBuilderCoreIdea,
  SetBuilderViralMechanics,
} from './builder-commands.ts';
import type { ProjectBuilderEvent } from './builder-events.ts';
import type { ActiveProjectState, ProjectState } from './state.ts';

/** The commands that change the work: a finished idea takes none of them until Back to Editor reopens it. */
const EDITS: ReadonlySet<ProjectBuilderCommand['type']> = new Set([
  'SetBuilderCoreIdea',
  'SetBuilderViralMechanics',
  'AddBuilderParameter',
  'RemoveBuilderParameter',
  'ClearBuilderParameters',
  'CompleteBuilderStep',
  'GoToBuilderStep',
  'RecordBuilderPrompt',
]);
/** Ours (issue 26): the completion view summarises an idea and offers to publish it, so an idea without a core idea is not finished. */
export const EMPTY_BLUEPRINT_MESSAGE = 'Add a core idea on step 1 before finishing: a blueprint needs an idea to build on.';
export const BUILDER_FINISHED_MESSAGE = 'This idea is finished: choose Back to Editor to change it';

/**
 * A finished idea is what its completion view shows and what gets published: a change from another tab or a
 * late save would alter it behind that view. A command that would change nothing (an autosave of the same text)
 * still passes.
 */
export const decideProjectBuilder = (command: ProjectBuilderCommand, state: ProjectState): ProjectBuilderEvent[] => {
  const events = decideBuilderCommand(command, state);
  if (events.length > 0 && EDITS.has(command.type) && state.status === 'active') assertBuilderOpen(state);
  return events;
};

/** A finished idea takes no edit, a paid AI prompt included: checked before an AI request charges anything. */
export const assertBuilderOpen = (state: ActiveProjectState) => {
  if (state.builder?.finished) {
    throw new ValidationError('finished', BUILDER_FINISHED_MESSAGE, 'Idea finished');
  }
};

const decideBuilderCommand = (command: ProjectBuilderCommand, state: ProjectState): ProjectBuilderEvent[] => {
  switch (command.type) {
    case 'SetBuilderCoreIdea':
      return setBuilderCoreIdea(command, state);
    case 'SetBuilderViralMechanics':
      return setBuilderViralMechanics(command, state);
    case 'AddBuilderParameter':
      return addBuilderParameter(command, state);
    case 'RemoveBuilderParameter':
      return removeBuilderParameter(command, state);
    case 'ClearBuilderParameters':
      return clearBuilderParameters(command, state);
    case 'CompleteBuilderStep':
      return completeBuilderStep(command, state);
    case 'GoToBuilderStep':
      return goToBuilderStep(command, state);
    case 'RecordBuilderPrompt':
      return recordBuilderPrompt(command, state);
    case 'FinishBuilder':
      return finishBuilder(command, state);
    case 'ReopenBuilder':
      return reopenBuilder(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

const KIND_TITLES: Record<ProjectKind, string> = { guided: 'a guided project', builder: 'a nine-step builder project' };

/**
 * The project, when it is the actor's and of the kind the command works on. Ownership is checked first: another
 * owner's project is missing, whatever its kind, so that ids cannot be probed.
 */
export const requireProjectOfKind = (state: ProjectState, projectId: string, actorId: string, kind: ProjectKind): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  if (state.kind !== kind) {
    throw new ValidationError('kind', `This is ${KIND_TITLES[state.kind]}: only ${KIND_TITLES[kind]} takes this change`, 'Wrong kind of project');
  }
  return state;
};

const requireBuilder = (state: ProjectState, { projectId }: { projectId: string }, actorId: string): BuilderState => {
  const project = requireProjectOfKind(state, projectId, actorId, 'builder');
  // A builder project always has a builder (evolveProject gives it one on creation).
  return project.builder!;
};

/** Over the limit is refused, not cut: the screen stops taking words at the limit, so more came from elsewhere. */
const checkWords = (field: string, label: string, text: string, max: number): number => {
  const words = countWords(text);
  if (words > max) throw new ValidationError(field, `${label} must be at most ${max} words (it has ${words})`, `${label} is too long`);
  return words;
};

const setBuilderCoreIdea = ({ data, metadata }: SetBuilderCoreIdea, state: ProjectState): ProjectBuilderEvent[] => {
  const project = requireProjectOfKind(state, data.projectId, metadata.actorId, 'builder');
  const builder = project.builder!;
  const coreIdea = data.coreIdea.trim();
  const wordCount = checkWords('coreIdea', 'Core idea', coreIdea, BUILDER_CORE_IDEA_MAX_WORDS);
  refuseStaleTextEdit(project, data.baseRevision, [['builder.coreIdea', coreIdea]], baseValuesOf('builder.coreIdea', data.baseValue?.trim()));
  if (coreIdea === builder.coreIdea) return [];
  return [
    {
      type: 'BuilderCoreIdeaChanged',
      data: { projectId: data.projectId, coreIdea, previousCoreIdea: builder.coreIdea, wordCount, changedAt: metadata.now },
    },
  ];
};

const setBuilderViralMechanics = ({ data, metadata }: SetBuilderViralMechanics, state: ProjectState): ProjectBuilderEvent[] => {
  const project = requireProjectOfKind(state, data.projectId, metadata.actorId, 'builder');
  const builder = project.builder!;
  const viralMechanics = data.viralMechanics.trim();
  const wordCount = checkWords('viralMechanics', 'Viral mechanics', viralMechanics, BUILDER_VIRAL_MECHANICS_MAX_WORDS);
  refuseStaleTextEdit(
    project,
    data.baseRevision,
    [['builder.viralMechanics', viralMechanics]],
    baseValuesOf('builder.viralMechanics', data.baseValue?.trim()),
  );
  if (viralMechanics === builder.viralMechanics) return [];
  return [
    {
      type: 'BuilderViralMechanicsChanged',
      data: { projectId: data.projectId, viralMechanics, previousViralMechanics: builder.viralMechanics, wordCount, changedAt: metadata.now },
    },
  ];
};

/**
 * Spec 02 §5: blank input is ignored, longer input is cut to the category's word limit, and a duplicate is not
 * added: an exact repeat silently, the same words in another case or punctuation with a 400 naming `value`.
 */
const addBuilderParameter = ({ data, metadata }: AddBuilderParameter, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  const typed = data.value.trim();
  if (typed === '') return [];
  const { maxWords, step } = BUILDER_CATEGORIES[data.category];
  const value = truncateWords(typed, maxWords);
  const { active, params } = builder.categories[data.category];
  if (params.includes(value)) return [];
  // The same words in another case or punctuation are not added either, and the person is told why (spec 02 §5).
  const key = parameterKey(value);
  if (key !== '' && params.some((existing) => parameterKey(existing) === key)) {
    throw new ValidationError('value', DUPLICATE_PARAMETER_MESSAGE, 'Duplicate parameter');
  }
  if (params.length >= MAX_LIST_ITEMS) throw new ValidationError('category', LIST_FULL_MESSAGE, 'List full');
  return [
    {
      type: 'BuilderParameterAdded',
      data: {
        projectId: data.projectId,
        category: data.category,
        step,
        value,
        typed: countWords(typed) > maxWords ? typed : null,
        activated: !active,
        addedAt: metadata.now,
      },
    },
  ];
};

const removeBuilderParameter = ({ data, metadata }: RemoveBuilderParameter, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  const value = data.value.trim();
  // Removing what is already gone is what a second click on a chip does; nothing to refuse.
  if (!builder.categories[data.category].params.includes(value)) return [];
  const { step } = BUILDER_CATEGORIES[data.category];
  return [{ type: 'BuilderParameterRemoved', data: { projectId: data.projectId, category: data.category, step, value, removedAt: metadata.now } }];
};

const clearBuilderParameters = ({ data, metadata }: ClearBuilderParameters, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  const values = builder.categories[data.category].params;
  if (values.length === 0) return [];
  const { step } = BUILDER_CATEGORIES[data.category];
  return [
    {
      type: 'BuilderParametersCleared',
      data: { projectId: data.projectId, category: data.category, step, values: [...values], clearedAt: metadata.now },
    },
  ];
};

const stepLabel = (step: number) => `step ${step} (${builderStepName(step as BuilderStep)})`;

/**
 * Next (spec 02 §4): a step counts complete only when every earlier one is, so completing a later one is
 * refused; a completed step is completed once. Then the builder moves to the following step, as Next does.
 */
const completeBuilderStep = ({ data, metadata }: CompleteBuilderStep, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  const first = firstIncompleteStep(builder);
  if (data.step > first) throw new ValidationError('step', `Complete ${stepLabel(first)} before ${stepLabel(data.step)}`, 'Step locked');
  const events: ProjectBuilderEvent[] = [];
  if (!builder.completedSteps.includes(data.step)) {
    const completedSteps = [...builder.completedSteps, data.step].sort((a, b) => a - b);
    events.push({ type: 'BuilderStepCompleted', data: { projectId: data.projectId, step: data.step, completedSteps, completedAt: metadata.now } });
  }
  const next = data.step === LAST_BUILDER_STEP ? data.step : ((data.step + 1) as BuilderStep);
  if (next !== builder.currentStep) {
    events.push({
      type: 'BuilderCurrentStepChanged',
      data: { projectId: data.projectId, step: next, previousStep: builder.currentStep, changedAt: metadata.now },
    });
  }
  return events;
};

/** Previous, or a click on a tile: any complete step and the next one to do; later ones are locked. */
const goToBuilderStep = ({ data, metadata }: GoToBuilderStep, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  if (data.step === builder.currentStep) return [];
  const first = firstIncompleteStep(builder);
  if (data.step > first) {
    throw new ValidationError('step', `${stepLabel(data.step)} is locked: complete ${stepLabel(first)} first`, 'Step locked');
  }
  return [
    {
      type: 'BuilderCurrentStepChanged',
      data: { projectId: data.projectId, step: data.step, previousStep: builder.currentStep, changedAt: metadata.now },
    },
  ];
};

const recordBuilderPrompt = ({ data, metadata }: RecordBuilderPrompt, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  const prompt = data.prompt.trim();
  if (prompt === '') throw new ValidationError('prompt', 'Enhanced prompt is required');
  const analysisReport = data.analysisReport?.trim() || undefined;
  if (prompt === builder.enhancedPrompt && (analysisReport === undefined || analysisReport === builder.analysisReport)) return [];
  return [
    {
      type: 'BuilderPromptRecorded',
      data: {
        projectId: data.projectId,
        prompt,
        previousPrompt: builder.enhancedPrompt,
        ...(analysisReport === undefined ? {} : { analysisReport }),
        requestId: data.requestId ?? null,
        recordedAt: metadata.now,
      },
    },
  ];
};

/**
 * The finish button sits on step 8 (spec 02 §2.7), before the last step, so finishing asks for no particular
 * step; finishing again records the new time beside the one it replaces.
 */
const finishBuilder = ({ data, metadata }: FinishBuilder, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  // Issue 26: an empty builder reached 'Viral Blueprint Complete!' only to fail at publishing.
  if (builder.coreIdea.trim() === '') throw new ValidationError('coreIdea', EMPTY_BLUEPRINT_MESSAGE, 'Blueprint incomplete');
  return [
    {
      type: 'BuilderFinished',
      data: {
        projectId: data.projectId,
        timeSpentSeconds: data.timeSpentSeconds,
        completedSteps: [...builder.completedSteps],
        previous: builder.finished,
        finishedAt: metadata.now,
      },
    },
  ];
};

const reopenBuilder = ({ data, metadata }: ReopenBuilder, state: ProjectState): ProjectBuilderEvent[] => {
  const builder = requireBuilder(state, data, metadata.actorId);
  if (!builder.finished) return [];
  return [{ type: 'BuilderReopened', data: { projectId: data.projectId, finished: builder.finished, reopenedAt: metadata.now } }];
};
