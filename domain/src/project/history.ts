import { BUILDER_CATEGORIES, BUILDER_CATEGORY_NAMES, type BuilderState } from './builder.ts';
import { fieldLabel } from './field-labels.ts';
import type { ProjectEventType } from './events.ts';
import { sameValue } from './same-value.ts';
import { STAGE_NUMBERS, type StageNumber } from './stages.ts';
import type { ActiveProjectState, ProjectState } from './state.ts';

/**
 * A project's history as analysts read it (GET /api/projects/{id}/history): what kind of change each event is,
 * who made it, and what it changed, in the screens' words.
 */

/**
 * `parameters`: the parameter lists and the builder's categories; `stages`: moving between stages or steps;
 * `content`: what a stage holds besides its lists (notes, segments, concepts, the report and prompts);
 * `ai`: what the AI answered; `publishing`: the marketplace; `project`: the project itself (created,
 * renamed, reset, imported, a version restored, its Gemini key, kept on signing in, deleted, back from the trash).
 */
export const HISTORY_KINDS = ['parameters', 'stages', 'content', 'ai', 'publishing', 'project'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The events the history lists that are not the project's own: publishing it to the marketplace. */
export const PROJECT_HISTORY_FOREIGN_EVENT_TYPES = ['IdeaPublished'] as const;
export type HistoryEventType = ProjectEventType | (typeof PROJECT_HISTORY_FOREIGN_EVENT_TYPES)[number];

const KIND_OF: Record<HistoryEventType, HistoryKind> = {
  ProjectCreated: 'project',
  ProjectRenamed: 'project',
  ProjectTransferred: 'project',
  ProjectDeleted: 'project',
  ProjectReset: 'project',
  ProjectImported: 'project',
  ProjectVersionRestored: 'project',
  ProjectRestored: 'project',
  GeminiKeySet: 'project',
  GeminiKeyVerified: 'project',
  GeminiKeyRemoved: 'project',
  ParameterAdded: 'parameters',
  ParameterRemoved: 'parameters',
  ParametersCleared: 'parameters',
  AuditFindingResolved: 'parameters',
  ParametersRestored: 'parameters',
  BuilderParameterAdded: 'parameters',
  BuilderParameterRemoved: 'parameters',
  BuilderParametersCleared: 'parameters',
  BuilderParametersRestored: 'parameters',
  StageAdvanced: 'stages',
  CurrentStageChanged: 'stages',
  StageReset: 'stages',
  BuilderStepCompleted: 'stages',
  BuilderCurrentStepChanged: 'stages',
  BuilderFinished: 'stages',
  BuilderReopened: 'stages',
  CoreIdeaChanged: 'content',
  StageNotesUpdated: 'content',
  AudienceSegmentAdded: 'content',
  AudienceSegmentRemoved: 'content',
  ConceptsProposed: 'content',
  ConceptSelected: 'content',
  TechnicalReportRecorded: 'content',
  FinalPromptRecorded: 'content',
  BuilderCoreIdeaChanged: 'content',
  BuilderViralMechanicsChanged: 'content',
  BuilderPromptRecorded: 'content',
  AiSuggestionsGenerated: 'ai',
  AiPromptGenerated: 'ai',
  AiReportGenerated: 'ai',
  AiResultsGenerated: 'ai',
  StageDraftsProposed: 'ai',
  DraftProposalResolved: 'content',
  ConceptUpdated: 'content',
  ConceptRemoved: 'content',
  IdeaPublished: 'publishing',
};

export const historyKindOf = (type: HistoryEventType): HistoryKind => KIND_OF[type];

/** The event types of some kinds: what a `?kind=` filter lists. */
export const historyEventTypesOf = (kinds: readonly HistoryKind[]): HistoryEventType[] =>
  (Object.keys(KIND_OF) as HistoryEventType[]).filter((type) => kinds.includes(KIND_OF[type]));

/**
 * Who made a change: the AI for what the AI answered (asked for by a person, but written by the model), else the
 * actor the command carried: a signed-in user (`user-…`), an anonymous visitor (`visitor-…`), or the system
 * (operators' tools, the server's own commands, events stored before commands named their actor).
 */
export const HISTORY_ACTORS = ['user', 'visitor', 'ai', 'system'] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

export const historyActorOf = (type: HistoryEventType, actorId: unknown): HistoryActor => {
  if (KIND_OF[type] === 'ai') return 'ai';
  if (typeof actorId !== 'string') return 'system';
  if (actorId.startsWith('user-')) return 'user';
  if (actorId.startsWith('visitor-')) return 'visitor';
  return 'system';
};

/** One field an event changed, named as the screens name it. Values are the field's own (lists stay lists). */
export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

const label = (field: string) => fieldLabel(field) ?? field;

/** Secrets and ids stay out of the history: a key is only set or not, an owner only a visitor or a user. */
const shown = (field: string, value: unknown): unknown => {
  if (field === 'aiKey') return value ? 'Set' : 'Not set';
  if (field === 'ownerId') return typeof value === 'string' && value.startsWith('user-') ? 'a signed-in user' : 'a visitor';
  return value;
};

const PROJECT_FIELDS = ['name', 'coreIdea', 'parameters', 'currentStageIndex', 'aiKeyStatus', 'aiKey', 'ownerId', 'kind'] as const;

const builderChanges = (before: BuilderState | null, after: BuilderState | null): HistoryChange[] => {
  if (!before || !after) return sameValue(before, after) ? [] : [{ field: 'Builder', before, after }];
  const changes: HistoryChange[] = [];
  for (const field of ['coreIdea', 'viralMechanics', 'completedSteps', 'currentStep', 'enhancedPrompt', 'analysisReport', 'finished'] as const) {
    if (!sameValue(before[field], after[field])) {
      changes.push({ field: field === 'coreIdea' ? 'Builder core idea' : label(field), before: before[field], after: after[field] });
    }
  }
  for (const category of BUILDER_CATEGORY_NAMES) {
    const { params: was } = before.categories[category];
    const { params: is } = after.categories[category];
    if (!sameValue(was, is)) changes.push({ field: BUILDER_CATEGORIES[category].title, before: was, after: is });
  }
  return changes;
};

const stageChanges = (stage: StageNumber, before: ActiveProjectState, after: ActiveProjectState): HistoryChange[] => {
  const was = before.stages[stage] as Record<string, unknown>;
  const is = after.stages[stage] as Record<string, unknown>;
  if (was === is) return [];
  const fields = new Set([...Object.keys(was), ...Object.keys(is)]);
  return [...fields]
    .filter((field) => !sameValue(was[field], is[field]))
    .map((field) => ({ field: label(field), before: was[field], after: is[field] }));
};

const activeChanges = (before: ActiveProjectState, after: ActiveProjectState): HistoryChange[] => [
  ...PROJECT_FIELDS.filter((field) => !sameValue(before[field], after[field])).map((field) => ({
    field: label(field),
    before: shown(field, before[field]),
    after: shown(field, after[field]),
  })),
  ...STAGE_NUMBERS.flatMap((stage) => stageChanges(stage, before, after)),
  ...(before.builder === after.builder ? [] : builderChanges(before.builder, after.builder)),
];

/**
 * What an event changed, from the project as the domain folds it before and after the event: the same
 * `evolveProject` the decider and the read models use, so the history cannot report a change that did not happen.
 */
export const projectChanges = (before: ProjectState, after: ProjectState): HistoryChange[] => {
  if (after.status === 'active' && before.status === 'active') return activeChanges(before, after);
  if (after.status === 'active' && before.status === 'deleted') return [{ field: 'Project', before: null, after: after.name }];
  if (after.status === 'active') {
    // Created: what it was created with.
    return (['name', 'coreIdea', 'parameters', 'kind'] as const)
      .filter((field) => !sameValue(after[field], field === 'parameters' ? [] : ''))
      .map((field) => ({ field: label(field), before: null, after: after[field] }));
  }
  if (before.status === 'active' && after.status === 'deleted') return [{ field: 'Project', before: before.name, after: null }];
  return [];
};
