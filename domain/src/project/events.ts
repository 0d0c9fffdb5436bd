import { z } from 'zod';
import { projectAiEventSchemas, type ProjectAiEvent } from './ai-events.ts';
import { PROJECT_KINDS, type BuilderState } from './builder.ts';
import { projectBuilderEventSchemas, type ProjectBuilderEvent } from './builder-events.ts';
import { AI_KEY_STATUSES, PARAMETER_LIST_NAMES } from './constants.ts';
import { stageDraftEventSchemas, type StageDraftEvent } from './stage-drafts.ts';
import { audienceSegmentSchema, ideaConceptSchema, stageDataSchemas, stageNotesSchemas, stageNumberSchema, technicalReportSchema } from './stages.ts';

/**
 * Project events: past tense, carrying what an analyst needs to follow a project's evolution without the code.
 * Each schema is the newest version of its event; older versions are upgraded on read (see upcasters.ts).
 * Every event names its project and the moment it happened (the command's `metadata.now`).
 */
export const projectCreatedSchema = z.object({
  projectId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  /** Absent on guided projects, and on every project created before there were builder projects. */
  kind: z.enum(PROJECT_KINDS).optional(),
  /**
   * The stage-1 viral triggers the project starts with (spec §4). Absent on builder projects and on every project
   * created before guided projects started with triggers: those began with none, and replaying them must not change.
   */
  viralParameters: z.array(z.string()).optional(),
  createdAt: z.string(),
});

export const projectTransferredSchema = z.object({
  projectId: z.string(),
  fromOwnerId: z.string(),
  toOwnerId: z.string(),
  transferredAt: z.string(),
});

export const projectRenamedSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  previousName: z.string(),
  renamedAt: z.string(),
  /** Named by the product from the core idea (naming.ts), not by the person: a later core idea may rename it. */
  fromCoreIdea: z.literal(true).optional(),
});

/** The project is gone: `name` says which one it was, for the history. */
export const projectDeletedSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  deletedAt: z.string(),
});

export const coreIdeaChangedSchema = z.object({
  projectId: z.string(),
  coreIdea: z.string(),
  previousCoreIdea: z.string(),
  changedAt: z.string(),
});

export const parameterAddedSchema = z.object({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES),
  value: z.string(),
  addedAt: z.string(),
});

/** `audit`: removed from the summary's Parameter Compatibility Audit rather than from a chip. */
export const PARAMETER_REMOVAL_REASONS = ['user', 'audit'] as const;

export const parameterRemovedSchema = z.object({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES),
  value: z.string(),
  reason: z.enum(PARAMETER_REMOVAL_REASONS),
  removedAt: z.string(),
});

export const parametersClearedSchema = z.object({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES),
  /** The values the list held, so the history says what was thrown away. */
  values: z.array(z.string()),
  clearedAt: z.string(),
});

/** An incompatible parameter the audit had reported is gone from the report: its parameter was removed. */
export const auditFindingResolvedSchema = z.object({
  projectId: z.string(),
  parameter: z.string(),
  /** Why the audit had found it incompatible. */
  reason: z.string(),
  resolvedAt: z.string(),
});

const notesUpdate = <N extends z.ZodLiteral<number>, F extends z.ZodType>(stage: N, fields: F) =>
  z.object({ projectId: z.string(), stage, fields, previous: fields, updatedAt: z.string() });

/** Only the fields that changed: `fields` holds the new values, `previous` the values they replaced. */
export const stageNotesUpdatedSchema = z.discriminatedUnion('stage', [
  notesUpdate(z.literal(1), stageNotesSchemas[1].partial()),
  notesUpdate(z.literal(2), stageNotesSchemas[2].partial()),
  notesUpdate(z.literal(3), stageNotesSchemas[3].partial()),
  notesUpdate(z.literal(4), stageNotesSchemas[4].partial()),
  notesUpdate(z.literal(5), stageNotesSchemas[5].partial()),
  notesUpdate(z.literal(6), stageNotesSchemas[6].partial()),
]);

export const audienceSegmentAddedSchema = z.object({
  projectId: z.string(),
  /** Position of the new segment in the stage-2 list. */
  index: z.number().int(),
  segment: audienceSegmentSchema,
  addedAt: z.string(),
});

export const audienceSegmentRemovedSchema = z.object({
  projectId: z.string(),
  index: z.number().int(),
  segment: audienceSegmentSchema,
  removedAt: z.string(),
});

export const conceptsProposedSchema = z.object({
  projectId: z.string(),
  concepts: z.array(ideaConceptSchema),
  /** Index the first new concept gets, so later ConceptSelected indexes can be read against this list. */
  firstIndex: z.number().int(),
  proposedAt: z.string(),
});

export const conceptSelectedSchema = z.object({
  projectId: z.string(),
  index: z.number().int(),
  conceptName: z.string(),
  previousIndex: z.number().int().nullable(),
  selectedAt: z.string(),
});

export const stageAdvancedSchema = z.object({
  projectId: z.string(),
  fromStage: stageNumberSchema,
  toStage: stageNumberSchema,
  /** True when the user chose 'Continue Anyway' over an incomplete stage; `issues` then says what was missing. */
  skippedValidation: z.boolean(),
  issues: z.array(z.string()),
  advancedAt: z.string(),
});

export const currentStageChangedSchema = z.object({
  projectId: z.string(),
  stage: stageNumberSchema,
  previousStage: stageNumberSchema,
  changedAt: z.string(),
});

export const stageResetSchema = z.object({
  projectId: z.string(),
  stage: stageNumberSchema,
  /** The fields that had content and went back to their empty value. */
  clearedFields: z.array(z.string()),
  resetAt: z.string(),
});

/** Carries the values the project went back to: defaults may change between releases, history must not. */
export const projectResetSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  resetAt: z.string(),
});

export const projectSnapshotSchema = z.object({
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  currentStageIndex: stageNumberSchema,
  stages: z.object({
    1: stageDataSchemas[1],
    2: stageDataSchemas[2],
    3: stageDataSchemas[3],
    4: stageDataSchemas[4],
    5: stageDataSchemas[5],
    6: stageDataSchemas[6],
  }),
});
export type ProjectSnapshot = z.infer<typeof projectSnapshotSchema>;

/** The whole imported project: the import replaces everything but the project's id, owner and AI key status. */
export const projectImportedSchema = z.object({
  projectId: z.string(),
  snapshot: projectSnapshotSchema,
  importedAt: z.string(),
});

/**
 * What a restore puts back (a version from the history, or a project from the trash): the project's content.
 * Carried whole in the event, so that every fold (the decider's, the read models', a rebuild) gets the same
 * project from the event alone, without reading the log again. The builder's state is the domain's own fold
 * (evolve-builder.ts), so it is checked only as an object here.
 */
export const projectContentSchema = projectSnapshotSchema.extend({
  builder: z.custom<BuilderState>((value) => typeof value === 'object' && value !== null).nullable(),
});
export type ProjectContent = z.infer<typeof projectContentSchema>;

/** History's 'Restore this version': the project as it was at `revision`; its id, owner, kind and Gemini key stay. */
export const projectVersionRestoredSchema = z.object({
  projectId: z.string(),
  revision: z.number().int(),
  content: projectContentSchema,
  restoredAt: z.string(),
});

/** Out of the trash: the project as it was deleted (its Gemini key went with the deletion and does not come back). */
export const projectRestoredSchema = z.object({
  projectId: z.string(),
  ownerId: z.string(),
  kind: z.enum(PROJECT_KINDS).optional(),
  content: projectContentSchema,
  deletedAt: z.string(),
  restoredAt: z.string(),
  /**
   * The project's own Gemini key, by its vault id and last four characters (never the key), with its status:
   * back with the project when the vault kept it. Absent: the project comes back without one.
   */
  aiKey: z.object({ keyId: z.string(), lastFour: z.string() }).optional(),
  aiKeyStatus: z.enum(AI_KEY_STATUSES).optional(),
  /** Who had named the project (state.ts `naming`), when it was not as created. */
  naming: z.enum(['auto', 'person']).optional(),
});

/**
 * An undone Clear All or chip removal: the list as it was before the change at `undoneRevision`, in its order,
 * with anything added since kept after it. `previous` is what the list held when it was undone.
 */
export const parametersRestoredSchema = z.object({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES),
  values: z.array(z.string()),
  previous: z.array(z.string()),
  undoneRevision: z.number().int(),
  restoredAt: z.string(),
});

export const technicalReportRecordedSchema = z.object({
  projectId: z.string(),
  report: technicalReportSchema,
  recordedAt: z.string(),
});

export const finalPromptRecordedSchema = z.object({
  projectId: z.string(),
  prompt: z.string(),
  recordedAt: z.string(),
});

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type ProjectCreated = EventOf<'ProjectCreated', typeof projectCreatedSchema>;
export type ProjectRenamed = EventOf<'ProjectRenamed', typeof projectRenamedSchema>;
export type ProjectTransferred = EventOf<'ProjectTransferred', typeof projectTransferredSchema>;
export type ProjectDeleted = EventOf<'ProjectDeleted', typeof projectDeletedSchema>;
export type CoreIdeaChanged = EventOf<'CoreIdeaChanged', typeof coreIdeaChangedSchema>;
export type ParameterAdded = EventOf<'ParameterAdded', typeof parameterAddedSchema>;
export type ParameterRemoved = EventOf<'ParameterRemoved', typeof parameterRemovedSchema>;
export type ParametersCleared = EventOf<'ParametersCleared', typeof parametersClearedSchema>;
export type AuditFindingResolved = EventOf<'AuditFindingResolved', typeof auditFindingResolvedSchema>;
export type StageNotesUpdated = EventOf<'StageNotesUpdated', typeof stageNotesUpdatedSchema>;
export type AudienceSegmentAdded = EventOf<'AudienceSegmentAdded', typeof audienceSegmentAddedSchema>;
export type AudienceSegmentRemoved = EventOf<'AudienceSegmentRemoved', typeof audienceSegmentRemovedSchema>;
export type ConceptsProposed = EventOf<'ConceptsProposed', typeof conceptsProposedSchema>;
export type ConceptSelected = EventOf<'ConceptSelected', typeof conceptSelectedSchema>;
export type StageAdvanced = EventOf<'StageAdvanced', typeof stageAdvancedSchema>;
export type CurrentStageChanged = EventOf<'CurrentStageChanged', typeof currentStageChangedSchema>;
export type StageReset = EventOf<'StageReset', typeof stageResetSchema>;
export type ProjectReset = EventOf<'ProjectReset', typeof projectResetSchema>;
export type ProjectImported = EventOf<'ProjectImported', typeof projectImportedSchema>;
export type ProjectVersionRestored = EventOf<'ProjectVersionRestored', typeof projectVersionRestoredSchema>;
export type ProjectRestored = EventOf<'ProjectRestored', typeof projectRestoredSchema>;
export type ParametersRestored = EventOf<'ParametersRestored', typeof parametersRestoredSchema>;
export type TechnicalReportRecorded = EventOf<'TechnicalReportRecorded', typeof technicalReportRecordedSchema>;
export type FinalPromptRecorded = EventOf<'FinalPromptRecorded', typeof finalPromptRecordedSchema>;

export type ProjectEvent =
  | ProjectCreated
  | ProjectRenamed
  | ProjectTransferred
  | ProjectDeleted
  | CoreIdeaChanged
  | ParameterAdded
  | ParameterRemoved
  | ParametersCleared
  | AuditFindingResolved
  | StageNotesUpdated
  | AudienceSegmentAdded
  | AudienceSegmentRemoved
  | ConceptsProposed
  | ConceptSelected
  | StageAdvanced
  | CurrentStageChanged
  | StageReset
  | ProjectReset
  | ProjectImported
  | ProjectVersionRestored
  | ProjectRestored
  | ParametersRestored
  | TechnicalReportRecorded
  | FinalPromptRecorded
  | ProjectBuilderEvent
  | ProjectAiEvent
  | StageDraftEvent;
export type ProjectEventType = ProjectEvent['type'];

export const projectEventSchemas = {
  ProjectCreated: projectCreatedSchema,
  ProjectRenamed: projectRenamedSchema,
  ProjectTransferred: projectTransferredSchema,
  ProjectDeleted: projectDeletedSchema,
  CoreIdeaChanged: coreIdeaChangedSchema,
  ParameterAdded: parameterAddedSchema,
  ParameterRemoved: parameterRemovedSchema,
  ParametersCleared: parametersClearedSchema,
  AuditFindingResolved: auditFindingResolvedSchema,
  StageNotesUpdated: stageNotesUpdatedSchema,
  AudienceSegmentAdded: audienceSegmentAddedSchema,
  AudienceSegmentRemoved: audienceSegmentRemovedSchema,
  ConceptsProposed: conceptsProposedSchema,
  ConceptSelected: conceptSelectedSchema,
  StageAdvanced: stageAdvancedSchema,
  CurrentStageChanged: currentStageChangedSchema,
  StageReset: stageResetSchema,
  ProjectReset: projectResetSchema,
  ProjectImported: projectImportedSchema,
  ProjectVersionRestored: projectVersionRestoredSchema,
  ProjectRestored: projectRestoredSchema,
  ParametersRestored: parametersRestoredSchema,
  TechnicalReportRecorded: technicalReportRecordedSchema,
  FinalPromptRecorded: finalPromptRecordedSchema,
  ...projectBuilderEventSchemas,
  ...projectAiEventSchemas,
  ...stageDraftEventSchemas,
} satisfies { [T in ProjectEventType]: z.ZodType<Extract<ProjectEvent, { type: T }>['data'], unknown> };

export const PROJECT_EVENT_TYPES = Object.keys(projectEventSchemas) as ProjectEventType[];

export const projectStreamId = (projectId: string) => `project-${projectId}`;
