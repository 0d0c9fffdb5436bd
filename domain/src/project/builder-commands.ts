import { z } from 'zod';
import type { Command } from '../decider.ts';
import { namedId, userLine, userText } from '../text.ts';
import { builderCategorySchema, builderStepSchema, MAX_BUILDER_TEXT_LENGTH, MAX_BUILDER_TIME_SPENT_SECONDS } from './builder.ts';
import { MAX_PARAMETER_LENGTH, MAX_PROMPT_LENGTH, MAX_REPORT_TEXT_LENGTH } from './constants.ts';
import { baseRevisionSchema, baseValueSchema } from './text-edits.ts';

/**
 * The nine-step builder's commands (spec 02 §2.7). Word limits are not schema rules: the decider counts words
 * and names the field and its limit, the message the screen shows.
 */
export const setBuilderCoreIdeaSchema = z.strictObject({
  projectId: namedId(),
  coreIdea: userText(MAX_BUILDER_TEXT_LENGTH),
  /** The project revision the text was loaded at: a save over another tab's later change is refused (text-edits.ts). */
  baseRevision: baseRevisionSchema,
  baseValue: baseValueSchema,
});

export const setBuilderViralMechanicsSchema = z.strictObject({
  projectId: namedId(),
  viralMechanics: userText(MAX_BUILDER_TEXT_LENGTH),
  baseRevision: baseRevisionSchema,
  baseValue: baseValueSchema,
});

export const addBuilderParameterSchema = z.strictObject({
  projectId: namedId(),
  category: builderCategorySchema,
  value: userLine(MAX_PARAMETER_LENGTH),
});

export const removeBuilderParameterSchema = z.strictObject({
  projectId: namedId(),
  category: builderCategorySchema,
  value: userLine(MAX_PARAMETER_LENGTH),
});

export const clearBuilderParametersSchema = z.strictObject({
  projectId: namedId(),
  category: builderCategorySchema,
});

/** Next: completes `step` (every earlier step must be complete) and moves on to the step after it. */
export const completeBuilderStepSchema = z.strictObject({
  projectId: namedId(),
  step: builderStepSchema,
});

/** Previous, or a click on a step tile. */
export const goToBuilderStepSchema = z.strictObject({
  projectId: namedId(),
  step: builderStepSchema,
});

/** Step 8's enhanced prompt; the AI route records it as it answers. */
export const recordBuilderPromptSchema = z.strictObject({
  projectId: namedId(),
  prompt: userText(MAX_PROMPT_LENGTH),
  /** The analysis report the AI wrote with the prompt (spec 02 §2.7), when it wrote one. */
  analysisReport: userText(MAX_REPORT_TEXT_LENGTH).optional(),
  /** The AI request that wrote it, when one did. */
  requestId: namedId().optional(),
});

/** 'Finish and View Complete Viral Idea', or Next on the last step, with the screen's timer. */
export const finishBuilderSchema = z.strictObject({
  projectId: namedId(),
  timeSpentSeconds: z.number().int().min(0).max(MAX_BUILDER_TIME_SPENT_SECONDS),
});

/** Back to Editor from the completion view: everything is kept. */
export const reopenBuilderSchema = z.strictObject({
  projectId: namedId(),
});

type CommandOf<T extends string, S extends z.ZodType> = Command<T, z.infer<S>>;

/** `takenNames` as SetCoreIdea's (commands.ts): the builder's idea names its project the same way. */
export type SetBuilderCoreIdea = Command<'SetBuilderCoreIdea', z.infer<typeof setBuilderCoreIdeaSchema> & { takenNames?: readonly string[] }>;
export type SetBuilderViralMechanics = CommandOf<'SetBuilderViralMechanics', typeof setBuilderViralMechanicsSchema>;
export type AddBuilderParameter = CommandOf<'AddBuilderParameter', typeof addBuilderParameterSchema>;
export type RemoveBuilderParameter = CommandOf<'RemoveBuilderParameter', typeof removeBuilderParameterSchema>;
export type ClearBuilderParameters = CommandOf<'ClearBuilderParameters', typeof clearBuilderParametersSchema>;
export type CompleteBuilderStep = CommandOf<'CompleteBuilderStep', typeof completeBuilderStepSchema>;
export type GoToBuilderStep = CommandOf<'GoToBuilderStep', typeof goToBuilderStepSchema>;
export type RecordBuilderPrompt = CommandOf<'RecordBuilderPrompt', typeof recordBuilderPromptSchema>;
export type FinishBuilder = CommandOf<'FinishBuilder', typeof finishBuilderSchema>;
export type ReopenBuilder = CommandOf<'ReopenBuilder', typeof reopenBuilderSchema>;

export type ProjectBuilderCommand =
  | SetBuilderCoreIdea
  | SetBuilderViralMechanics
  | AddBuilderParameter
  | RemoveBuilderParameter
  | ClearBuilderParameters
  | CompleteBuilderStep
  | GoToBuilderStep
  | RecordBuilderPrompt
  | FinishBuilder
  | ReopenBuilder;

export const projectBuilderCommandSchemas = {
  SetBuilderCoreIdea: setBuilderCoreIdeaSchema,
  SetBuilderViralMechanics: setBuilderViralMechanicsSchema,
  AddBuilderParameter: addBuilderParameterSchema,
  RemoveBuilderParameter: removeBuilderParameterSchema,
  ClearBuilderParameters: clearBuilderParametersSchema,
  CompleteBuilderStep: completeBuilderStepSchema,
  GoToBuilderStep: goToBuilderStepSchema,
  RecordBuilderPrompt: recordBuilderPromptSchema,
  FinishBuilder: finishBuilderSchema,
  ReopenBuilder: reopenBuilderSchema,
} satisfies Record<ProjectBuilderCommand['type'], z.ZodType>;
