import { z } from 'zod';
import { FLOW_STAGE_IDS } from '../ai/flow-stages.ts';
import type { Command } from '../decider.ts';
import { hasOnlySafeText, isSafeLine, namedId, UNSAFE_TEXT_MESSAGE, userLine, userText } from '../text.ts';
import { projectAiCommandSchemas, type ProjectAiCommand } from './ai-commands.ts';
import { PROJECT_KINDS } from './builder.ts';
import { projectBuilderCommandSchemas, type ProjectBuilderCommand } from './builder-commands.ts';
import {
  MAX_CORE_IDEA_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PARAMETER_LENGTH,
  MAX_PROJECT_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
  LIST_FULL_MESSAGE,
  MAX_LIST_ITEMS,
  MAX_SIMPLICITY_SCORE,
  MIN_SIMPLICITY_SCORE,
  PARAMETER_LIST_NAMES,
} from './constants.ts';
import { stageDraftCommandSchemas, type StageDraftCommand } from './stage-drafts.ts';
import { stageNotesPatchSchemas, stageNumberSchema, technicalReportSchema } from './stages.ts';
import type { ProjectEvent } from './events.ts';
import type { ProjectState } from './state.ts';
import { baseFieldsSchema, baseRevisionSchema, baseValueSchema } from './text-edits.ts';

/** Command payload schemas double as the HTTP body schemas: strict, so unknown fields are refused by name. */
export const createProjectSchema = z.strictObject({
  projectId: z.uuid(),
  name: userLine(MAX_PROJECT_NAME_LENGTH).optional(),
  coreIdea: userText(MAX_CORE_IDEA_LENGTH).optional(),
  /** Absent: a guided project. */
  kind: z.enum(PROJECT_KINDS).optional(),
});

/**
 * A visitor who signs in keeps their work: each of the visitor's projects moves to the user. The sign-in route
 * sends it with the user as actor; `fromOwnerId` must be the project's owner, so nobody can take another's.
 */
export const transferProjectSchema = z.strictObject({
  projectId: namedId(),
  fromOwnerId: z
    .string()
    .refine(isSafeLine, UNSAFE_TEXT_MESSAGE)
    .regex(/^visitor-\S+$/, "Only a visitor's projects move to a user"),
});

/** `baseRevision` on a text edit: the project revision the text was loaded at (text-edits.ts); absent, not checked. */
export const renameProjectSchema = z.strictObject({
  projectId: namedId(),
  name: userLine(MAX_PROJECT_NAME_LENGTH),
  baseRevision: baseRevisionSchema,
  baseValue: baseValueSchema,
});

/** My projects' Delete: the project goes for good; every later command on it finds no project. */
export const deleteProjectSchema = z.strictObject({
  projectId: namedId(),
});

export const setCoreIdeaSchema = z.strictObject({
  projectId: namedId(),
  coreIdea: userText(MAX_CORE_IDEA_LENGTH),
  baseRevision: baseRevisionSchema,
  baseValue: baseValueSchema,
});

export const addParameterSchema = z.strictObject({
  projectId: namedId(),
  list: z.enum(PARAMETER_LIST_NAMES).default('parameters'),
  value: userLine(MAX_PARAMETER_LENGTH),
});

export const removeParameterSchema = z.strictObject({
  projectId: namedId(),
  list: z.enum(PARAMETER_LIST_NAMES).default('parameters'),
  value: userLine(MAX_PARAMETER_LENGTH),
});

export const clearParametersSchema = z.strictObject({
  projectId: namedId(),
  list: z.enum(PARAMETER_LIST_NAMES).default('parameters'),
});

/**
 * `stage` picks which notes `fields` may name; the decider checks again and names an unknown field. `baseFields`:
 * the texts as this tab last saw or sent them (text-edits.ts).
 */
export const updateStageNotesSchema = z.discriminatedUnion('stage', [
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(1),
    fields: stageNotesPatchSchemas[1].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(2),
    fields: stageNotesPatchSchemas[2].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(3),
    fields: stageNotesPatchSchemas[3].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(4),
    fields: stageNotesPatchSchemas[4].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(5),
    fields: stageNotesPatchSchemas[5].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
  z.strictObject({
    projectId: namedId(),
    stage: z.literal(6),
    fields: stageNotesPatchSchemas[6].partial(),
    baseRevision: baseRevisionSchema,
    baseFields: baseFieldsSchema,
  }),
]);

/**
 * Missing texts become empty ones so that the decider answers with the spec's own messages
 * ('Name is required', …) rather than a generic schema message.
 */
export const addAudienceSegmentSchema = z.strictObject({
  projectId: namedId(),
  name: userLine(MAX_NOTE_LENGTH).default(''),
  description: userText(MAX_NOTE_LENGTH).default(''),
  motivations: z.array(userLine(MAX_NOTE_LENGTH)).max(MAX_LIST_ITEMS, LIST_FULL_MESSAGE).optional(),
  reachStrategy: userText(MAX_NOTE_LENGTH).default(''),
});

export const removeAudienceSegmentSchema = z.strictObject({
  projectId: namedId(),
  index: z.number().int(),
});

export const proposedConceptSchema = z.strictObject({
  name: userLine(MAX_NAME_LENGTH),
  simplicityScore: z.number().int().min(MIN_SIMPLICITY_SCORE).max(MAX_SIMPLICITY_SCORE),
  coreAction: userText(MAX_NOTE_LENGTH).optional(),
  viralHook: userText(MAX_NOTE_LENGTH).optional(),
});

export const proposeConceptsSchema = z.strictObject({
  projectId: namedId(),
  concepts: z.array(proposedConceptSchema).max(MAX_LIST_ITEMS, LIST_FULL_MESSAGE),
});

export const selectConceptSchema = z.strictObject({
  projectId: namedId(),
  index: z.number().int(),
});

export const advanceStageSchema = z.strictObject({
  projectId: namedId(),
  fromStage: stageNumberSchema,
  /** The dialog's 'Continue Anyway' (spec §4). */
  continueAnyway: z.boolean().optional(),
});

export const setCurrentStageSchema = z.strictObject({
  projectId: namedId(),
  stage: stageNumberSchema,
});

export const resetStageSchema = z.strictObject({
  projectId: namedId(),
  stage: stageNumberSchema,
});

export const resetProjectSchema = z.strictObject({
  projectId: namedId(),
});

/**
 * The export file as it is, so not strict: files carry fields this version no longer knows (an id, a key
 * status) and those are dropped. The decider reads the rest and answers 'Invalid project data format'.
 */
export const importProjectSchema = z.object({
  projectId: namedId(),
  projectName: z.unknown().optional(),
  stages: z.unknown().optional(),
  coreIdea: z.unknown().optional(),
  parameters: z.unknown().optional(),
  currentStageIndex: z.unknown().optional(),
});

export const recordTechnicalReportSchema = z.strictObject({
  projectId: namedId(),
  report: technicalReportSchema,
});

export const recordFinalPromptSchema = z.strictObject({
  projectId: namedId(),
  prompt: userText(MAX_PROMPT_LENGTH),
});

export const removeAuditedParameterSchema = z.strictObject({
  projectId: namedId(),
  parameter: userLine(MAX_PARAMETER_LENGTH),
});

/**
 * A flow stage's results put into the project (domain/src/project/stage-results.ts decides what they change).
 * The AI route applies fresh results itself; a client sends results it kept, to apply them again unpaid.
 */
export const applyStageResultsSchema = z.strictObject({
  projectId: namedId(),
  stage: z.enum(FLOW_STAGE_IDS),
  results: z.record(userLine(100), z.unknown()).refine(hasOnlySafeText, `results: ${UNSAFE_TEXT_MESSAGE}`),
});

/**
 * Quick Start's "Fill this project": a quick idea (the shape of an export) put into the project, filling only
 * what it lacks (quick-idea-fill.ts). Sent by the AI route that charged for the idea, never by a browser.
 */
export const applyQuickIdeaSchema = z.strictObject({
  projectId: namedId(),
  projectName: z.unknown().optional(),
  coreIdea: z.unknown().optional(),
  parameters: z.unknown().optional(),
  stages: z.unknown().optional(),
});

/** History's 'Restore this version': the body names the revision; the server reads that version from the log. */
export const restoreProjectVersionSchema = z.strictObject({
  projectId: namedId(),
  revision: z.number({ error: 'revision: must be a whole number' }).int('revision: must be a whole number'),
});

/** A deleted project back from the trash (within TRASH_DAYS of its deletion). */
export const restoreDeletedProjectSchema = z.strictObject({
  projectId: namedId(),
});

/** The Undo of a Clear All or a chip removal: `revision` is the one the removal's command answered. */
export const undoParameterRemovalSchema = z.strictObject({
  projectId: namedId(),
  revision: z.number({ error: 'revision: must be a whole number' }).int('revision: must be a whole number'),
});

type CommandOf<T extends string, S extends z.ZodType> = Command<T, z.infer<S>>;

export type CreateProject = CommandOf<'CreateProject', typeof createProjectSchema>;
export type RenameProject = CommandOf<'RenameProject', typeof renameProjectSchema>;
export type TransferProject = CommandOf<'TransferProject', typeof transferProjectSchema>;
export type DeleteProject = CommandOf<'DeleteProject', typeof deleteProjectSchema>;
/**
 * `takenNames`, the owner's other projects' names, are read by the command API (never sent by a client: the HTTP
 * schema is strict and lacks them) so that a core idea can name the project without repeating one (naming.ts).
 */
export type SetCoreIdea = Command<'SetCoreIdea', z.infer<typeof setCoreIdeaSchema> & { takenNames?: readonly string[] }>;
export type AddParameter = CommandOf<'AddParameter', typeof addParameterSchema>;
export type RemoveParameter = CommandOf<'RemoveParameter', typeof removeParameterSchema>;
export type ClearParameters = CommandOf<'ClearParameters', typeof clearParametersSchema>;
export type UpdateStageNotes = CommandOf<'UpdateStageNotes', typeof updateStageNotesSchema>;
export type AddAudienceSegment = CommandOf<'AddAudienceSegment', typeof addAudienceSegmentSchema>;
export type RemoveAudienceSegment = CommandOf<'RemoveAudienceSegment', typeof removeAudienceSegmentSchema>;
export type ProposeConcepts = CommandOf<'ProposeConcepts', typeof proposeConceptsSchema>;
export type SelectConcept = CommandOf<'SelectConcept', typeof selectConceptSchema>;
export type AdvanceStage = CommandOf<'AdvanceStage', typeof advanceStageSchema>;
export type SetCurrentStage = CommandOf<'SetCurrentStage', typeof setCurrentStageSchema>;
export type ResetStage = CommandOf<'ResetStage', typeof resetStageSchema>;
/** `name`: the free default name ('New Viral Idea 2' when the owner has a 'New Viral Idea'), found by the command API. */
export type ResetProject = Command<'ResetProject', z.infer<typeof resetProjectSchema> & { name?: string }>;
export type ImportProject = CommandOf<'ImportProject', typeof importProjectSchema>;
export type RecordTechnicalReport = CommandOf<'RecordTechnicalReport', typeof recordTechnicalReportSchema>;
export type RecordFinalPrompt = CommandOf<'RecordFinalPrompt', typeof recordFinalPromptSchema>;
export type RemoveAuditedParameter = CommandOf<'RemoveAuditedParameter', typeof removeAuditedParameterSchema>;
export type ApplyStageResults = CommandOf<'ApplyStageResults', typeof applyStageResultsSchema>;
export type ApplyQuickIdea = CommandOf<'ApplyQuickIdea', typeof applyQuickIdeaSchema>;
/**
 * The past these commands need is read from the project's log by the server (recovery.ts `projectAt`), never
 * sent by a client (their HTTP schemas are strict and lack these fields): null when there was no project then.
 */
export type RestoreProjectVersion = Command<'RestoreProjectVersion', z.infer<typeof restoreProjectVersionSchema> & { version: ProjectState | null }>;
/** `keyKept`: the key vault still holds the deleted project's own Gemini key (kept while it is in the trash). */
export type RestoreDeletedProject = Command<'RestoreDeletedProject', z.infer<typeof restoreDeletedProjectSchema> & { keyKept?: boolean }>;
export type UndoParameterRemoval = Command<
  'UndoParameterRemoval',
  z.infer<typeof undoParameterRemovalSchema> & { before: ProjectState | null; change: ProjectEvent | null }
>;

export type ProjectCommand =
  | CreateProject
  | RenameProject
  | TransferProject
  | DeleteProject
  | SetCoreIdea
  | AddParameter
  | RemoveParameter
  | ClearParameters
  | UpdateStageNotes
  | AddAudienceSegment
  | RemoveAudienceSegment
  | ProposeConcepts
  | SelectConcept
  | AdvanceStage
  | SetCurrentStage
  | ResetStage
  | ResetProject
  | ImportProject
  | RecordTechnicalReport
  | RecordFinalPrompt
  | RemoveAuditedParameter
  | ApplyStageResults
  | ApplyQuickIdea
  | RestoreProjectVersion
  | RestoreDeletedProject
  | UndoParameterRemoval
  | ProjectBuilderCommand
  | ProjectAiCommand
  | StageDraftCommand;

/** Each command's payload schema by command type, for a generic HTTP or CLI layer. */
export const projectCommandSchemas = {
  CreateProject: createProjectSchema,
  RenameProject: renameProjectSchema,
  TransferProject: transferProjectSchema,
  DeleteProject: deleteProjectSchema,
  SetCoreIdea: setCoreIdeaSchema,
  AddParameter: addParameterSchema,
  RemoveParameter: removeParameterSchema,
  ClearParameters: clearParametersSchema,
  UpdateStageNotes: updateStageNotesSchema,
  AddAudienceSegment: addAudienceSegmentSchema,
  RemoveAudienceSegment: removeAudienceSegmentSchema,
  ProposeConcepts: proposeConceptsSchema,
  SelectConcept: selectConceptSchema,
  AdvanceStage: advanceStageSchema,
  SetCurrentStage: setCurrentStageSchema,
  ResetStage: resetStageSchema,
  ResetProject: resetProjectSchema,
  ImportProject: importProjectSchema,
  RecordTechnicalReport: recordTechnicalReportSchema,
  RecordFinalPrompt: recordFinalPromptSchema,
  RemoveAuditedParameter: removeAuditedParameterSchema,
  ApplyStageResults: applyStageResultsSchema,
  ApplyQuickIdea: applyQuickIdeaSchema,
  RestoreProjectVersion: restoreProjectVersionSchema,
  RestoreDeletedProject: restoreDeletedProjectSchema,
  UndoParameterRemoval: undoParameterRemovalSchema,
  ...projectBuilderCommandSchemas,
  ...projectAiCommandSchemas,
  ...stageDraftCommandSchemas,
} satisfies Record<ProjectCommand['type'], z.ZodType>;
