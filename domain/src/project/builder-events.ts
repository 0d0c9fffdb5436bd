import { z } from 'zod';
import { builderCategorySchema, builderStepSchema } from './builder.ts';

/**
 * The nine-step builder's events. Each carries the value it replaced or the values it threw away, so an analyst
 * can follow a builder without the code.
 */
export const builderCoreIdeaChangedSchema = z.object({
  projectId: z.string(),
  coreIdea: z.string(),
  previousCoreIdea: z.string(),
  wordCount: z.number().int(),
  changedAt: z.string(),
});

export const builderViralMechanicsChangedSchema = z.object({
  projectId: z.string(),
  viralMechanics: z.string(),
  previousViralMechanics: z.string(),
  wordCount: z.number().int(),
  changedAt: z.string(),
});

export const builderParameterAddedSchema = z.object({
  projectId: z.string(),
  category: builderCategorySchema,
  step: builderStepSchema,
  value: z.string(),
  /** What was typed when it was longer than the category's word limit and `value` is its cut; null otherwise. */
  typed: z.string().nullable(),
  /** True when this addition turned the category's active flag on. */
  activated: z.boolean(),
  addedAt: z.string(),
});

export const builderParameterRemovedSchema = z.object({
  projectId: z.string(),
  category: builderCategorySchema,
  step: builderStepSchema,
  value: z.string(),
  removedAt: z.string(),
});

export const builderParametersClearedSchema = z.object({
  projectId: z.string(),
  category: builderCategorySchema,
  step: builderStepSchema,
  values: z.array(z.string()),
  clearedAt: z.string(),
});

/**
 * The Undo of a Clear All or a chip removal in a builder category (issue 26): the category's values after it
 * (`values`) and before it (`previous`), and the revision of the removal it took back.
 */
export const builderParametersRestoredSchema = z.object({
  projectId: z.string(),
  category: builderCategorySchema,
  step: builderStepSchema,
  values: z.array(z.string()),
  previous: z.array(z.string()),
  undoneRevision: z.number().int(),
  restoredAt: z.string(),
});

export const builderStepCompletedSchema = z.object({
  projectId: z.string(),
  step: builderStepSchema,
  /** The completed steps after this one. */
  completedSteps: z.array(builderStepSchema),
  completedAt: z.string(),
});

export const builderCurrentStepChangedSchema = z.object({
  projectId: z.string(),
  step: builderStepSchema,
  previousStep: builderStepSchema,
  changedAt: z.string(),
});

export const builderPromptRecordedSchema = z.object({
  projectId: z.string(),
  prompt: z.string(),
  previousPrompt: z.string(),
  /** Events recorded before there were analysis reports carry none. */
  analysisReport: z.string().optional(),
  requestId: z.string().nullable(),
  recordedAt: z.string(),
});

const finishSchema = z.object({ timeSpentSeconds: z.number().int(), finishedAt: z.string() });

export const builderFinishedSchema = z.object({
  projectId: z.string(),
  timeSpentSeconds: z.number().int(),
  completedSteps: z.array(builderStepSchema),
  /** The finish this one replaces, when the builder was finished already. */
  previous: finishSchema.nullable(),
  finishedAt: z.string(),
});

export const builderReopenedSchema = z.object({
  projectId: z.string(),
  /** The finish being reopened. */
  finished: finishSchema,
  reopenedAt: z.string(),
});

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type BuilderCoreIdeaChanged = EventOf<'BuilderCoreIdeaChanged', typeof builderCoreIdeaChangedSchema>;
export type BuilderViralMechanicsChanged = EventOf<'BuilderViralMechanicsChanged', typeof builderViralMechanicsChangedSchema>;
export type BuilderParameterAdded = EventOf<'BuilderParameterAdded', typeof builderParameterAddedSchema>;
export type BuilderParameterRemoved = EventOf<'BuilderParameterRemoved', typeof builderParameterRemovedSchema>;
export type BuilderParametersCleared = EventOf<'BuilderParametersCleared', typeof builderParametersClearedSchema>;
export type BuilderParametersRestored = EventOf<'BuilderParametersRestored', typeof builderParametersRestoredSchema>;
export type BuilderStepCompleted = EventOf<'BuilderStepCompleted', typeof builderStepCompletedSchema>;
export type BuilderCurrentStepChanged = EventOf<'BuilderCurrentStepChanged', typeof builderCurrentStepChangedSchema>;
export type BuilderPromptRecorded = EventOf<'BuilderPromptRecorded', typeof builderPromptRecordedSchema>;
export type BuilderFinished = EventOf<'BuilderFinished', typeof builderFinishedSchema>;
export type BuilderReopened = EventOf<'BuilderReopened', typeof builderReopenedSchema>;

export type ProjectBuilderEvent =
  | BuilderCoreIdeaChanged
  | BuilderViralMechanicsChanged
  | BuilderParameterAdded
  | BuilderParameterRemoved
  | BuilderParametersCleared
  | BuilderParametersRestored
  | BuilderStepCompleted
  | BuilderCurrentStepChanged
  | BuilderPromptRecorded
  | BuilderFinished
  | BuilderReopened;

export const projectBuilderEventSchemas = {
  BuilderCoreIdeaChanged: builderCoreIdeaChangedSchema,
  BuilderViralMechanicsChanged: builderViralMechanicsChangedSchema,
  BuilderParameterAdded: builderParameterAddedSchema,
  BuilderParameterRemoved: builderParameterRemovedSchema,
  BuilderParametersCleared: builderParametersClearedSchema,
  BuilderParametersRestored: builderParametersRestoredSchema,
  BuilderStepCompleted: builderStepCompletedSchema,
  BuilderCurrentStepChanged: builderCurrentStepChangedSchema,
  BuilderPromptRecorded: builderPromptRecordedSchema,
  BuilderFinished: builderFinishedSchema,
  BuilderReopened: builderReopenedSchema,
};
