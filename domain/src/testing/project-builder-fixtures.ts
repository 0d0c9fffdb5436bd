import type { BuilderCategory, BuilderStep } from '../project/builder.ts';
import { BUILDER_CATEGORIES } from '../project/builder.ts';
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
} from '../project/builder-commands.ts';
import type {
  BuilderCoreIdeaChanged,
  BuilderCurrentStepChanged,
  BuilderFinished,
  BuilderParameterAdded,
  BuilderParameterRemoved,
  BuilderParametersCleared,
  BuilderPromptRecorded,
  BuilderReopened,
  BuilderStepCompleted,
  BuilderViralMechanicsChanged,
} from '../project/builder-events.ts';
import type { ProjectCreated } from '../project/events.ts';
import { metadata, now, owner, projectId } from './project-fixtures.ts';

/** Fixed test data for the nine-step builder, on the same project, owner and clock as project-fixtures.ts. */
const command = <C extends ProjectBuilderCommand>(type: C['type'], data: Omit<C['data'], 'projectId'>, actorId = owner): C =>
  ({ type, data: { projectId, ...data }, metadata: metadata(actorId) }) as C;

/** `n` words: 'w1 w2 … wn'. */
export const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

export const builderCreated = (data: Partial<ProjectCreated['data']> = {}): ProjectCreated => ({
  type: 'ProjectCreated',
  data: { projectId, ownerId: owner, name: 'My Viral Idea', coreIdea: '', parameters: [], kind: 'builder', createdAt: now, ...data },
});

export const setBuilderCoreIdea = (coreIdea: string, actorId = owner) => command<SetBuilderCoreIdea>('SetBuilderCoreIdea', { coreIdea }, actorId);
export const setBuilderViralMechanics = (viralMechanics: string, actorId = owner) =>
  command<SetBuilderViralMechanics>('SetBuilderViralMechanics', { viralMechanics }, actorId);
export const addBuilderParameter = (category: BuilderCategory, value: string, actorId = owner) =>
  command<AddBuilderParameter>('AddBuilderParameter', { category, value }, actorId);
export const removeBuilderParameter = (category: BuilderCategory, value: string, actorId = owner) =>
  command<RemoveBuilderParameter>('RemoveBuilderParameter', { category, value }, actorId);
export const clearBuilderParameters = (category: BuilderCategory, actorId = owner) =>
  command<ClearBuilderParameters>('ClearBuilderParameters', { category }, actorId);
export const completeBuilderStep = (step: BuilderStep, actorId = owner) => command<CompleteBuilderStep>('CompleteBuilderStep', { step }, actorId);
export const goToBuilderStep = (step: BuilderStep, actorId = owner) => command<GoToBuilderStep>('GoToBuilderStep', { step }, actorId);
export const recordBuilderPrompt = (prompt: string, requestId?: string, actorId = owner) =>
  command<RecordBuilderPrompt>('RecordBuilderPrompt', { prompt, ...(requestId === undefined ? {} : { requestId }) }, actorId);
export const finishBuilder = (timeSpentSeconds: number, actorId = owner) => command<FinishBuilder>('FinishBuilder', { timeSpentSeconds }, actorId);
export const reopenBuilder = (actorId = owner) => command<ReopenBuilder>('ReopenBuilder', {}, actorId);

export const builderCoreIdeaChanged = (coreIdea: string, previousCoreIdea = ''): BuilderCoreIdeaChanged => ({
  type: 'BuilderCoreIdeaChanged',
  data: { projectId, coreIdea, previousCoreIdea, wordCount: coreIdea.split(/\s+/).filter(Boolean).length, changedAt: now },
});
export const builderViralMechanicsChanged = (viralMechanics: string, previousViralMechanics = ''): BuilderViralMechanicsChanged => ({
  type: 'BuilderViralMechanicsChanged',
  data: { projectId, viralMechanics, previousViralMechanics, wordCount: viralMechanics.split(/\s+/).filter(Boolean).length, changedAt: now },
});
export const builderParameterAdded = (
  category: BuilderCategory,
  value: string,
  options: { typed?: string | null; activated?: boolean } = {},
): BuilderParameterAdded => ({
  type: 'BuilderParameterAdded',
  data: {
    projectId,
    category,
    step: BUILDER_CATEGORIES[category].step,
    value,
    typed: options.typed ?? null,
    activated: options.activated ?? true,
    addedAt: now,
  },
});
export const builderParameterRemoved = (category: BuilderCategory, value: string): BuilderParameterRemoved => ({
  type: 'BuilderParameterRemoved',
  data: { projectId, category, step: BUILDER_CATEGORIES[category].step, value, removedAt: now },
});
export const builderParametersCleared = (category: BuilderCategory, values: string[]): BuilderParametersCleared => ({
  type: 'BuilderParametersCleared',
  data: { projectId, category, step: BUILDER_CATEGORIES[category].step, values, clearedAt: now },
});
/** Step `step` completed, with every step before it. */
export const builderStepCompleted = (step: BuilderStep): BuilderStepCompleted => ({
  type: 'BuilderStepCompleted',
  data: { projectId, step, completedSteps: Array.from({ length: step }, (_, i) => (i + 1) as BuilderStep), completedAt: now },
});
export const builderCurrentStepChanged = (step: BuilderStep, previousStep: BuilderStep): BuilderCurrentStepChanged => ({
  type: 'BuilderCurrentStepChanged',
  data: { projectId, step, previousStep, changedAt: now },
});
/** Next on `step`: completed, and on to the step after it. */
export const nextFrom = (step: BuilderStep) => [builderStepCompleted(step), builderCurrentStepChanged((step + 1) as BuilderStep, step)];
export const builderPromptRecorded = (prompt: string, previousPrompt = '', requestId: string | null = null): BuilderPromptRecorded => ({
  type: 'BuilderPromptRecorded',
  data: { projectId, prompt, previousPrompt, requestId, recordedAt: now },
});
export const builderFinished = (
  timeSpentSeconds: number,
  completedSteps: BuilderStep[] = [],
  previous: BuilderFinished['data']['previous'] = null,
): BuilderFinished => ({
  type: 'BuilderFinished',
  data: { projectId, timeSpentSeconds, completedSteps, previous, finishedAt: now },
});
export const builderReopened = (timeSpentSeconds: number): BuilderReopened => ({
  type: 'BuilderReopened',
  data: { projectId, finished: { timeSpentSeconds, finishedAt: now }, reopenedAt: now },
});
