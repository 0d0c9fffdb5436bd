import { z } from 'zod';
import type { Command } from '../decider.ts';
import { isSafeLine, namedId, UNSAFE_TEXT_MESSAGE } from '../text.ts';
import {
  aiAnswerSchema,
  aiAskedSchema,
  aiPromptGeneratedSchema,
  aiReportGeneratedSchema,
  aiResultsGeneratedSchema,
  aiSuggestionsGeneratedSchema,
} from './ai-events.ts';

/**
 * Commands of the AI gateway on a project. They are built by the gateway from a model's answer, never sent by
 * a browser as they are; the schemas still check them, so that no code path can record more than the events allow.
 */
const outcome = { projectId: z.string(), requestId: z.string().max(200), asked: aiAskedSchema, ai: aiAnswerSchema };

export const recordAiSuggestionsSchema = z.strictObject({
  ...outcome,
  use: aiSuggestionsGeneratedSchema.shape.use,
  list: aiSuggestionsGeneratedSchema.shape.list,
  kind: aiSuggestionsGeneratedSchema.shape.kind,
  suggestions: z.array(z.string()),
});

export const recordAiPromptSchema = z.strictObject({
  ...outcome,
  use: aiPromptGeneratedSchema.shape.use,
  prompts: z.array(z.string()),
  incompatibleParameters: aiPromptGeneratedSchema.shape.incompatibleParameters.optional(),
});

export const recordAiReportSchema = z.strictObject({
  ...outcome,
  use: aiReportGeneratedSchema.shape.use,
  report: aiReportGeneratedSchema.shape.report,
});

export const recordAiResultsSchema = z.strictObject({
  ...outcome,
  use: aiResultsGeneratedSchema.shape.use,
  results: aiResultsGeneratedSchema.shape.results,
});

export const setGeminiKeySchema = z.strictObject({
  projectId: namedId(),
  keyId: namedId(),
  /** Checked again by the decider: four characters at most, never the key. */
  lastFour: z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE),
});

export const recordGeminiKeyVerificationSchema = z.strictObject({
  projectId: namedId(),
  keyId: namedId(),
  valid: z.boolean(),
});

export const removeGeminiKeySchema = z.strictObject({ projectId: namedId() });

type CommandOf<T extends string, S extends z.ZodType> = Command<T, z.infer<S>>;

export type RecordAiSuggestions = CommandOf<'RecordAiSuggestions', typeof recordAiSuggestionsSchema>;
export type RecordAiPrompt = CommandOf<'RecordAiPrompt', typeof recordAiPromptSchema>;
export type RecordAiReport = CommandOf<'RecordAiReport', typeof recordAiReportSchema>;
export type RecordAiResults = CommandOf<'RecordAiResults', typeof recordAiResultsSchema>;
export type SetGeminiKey = CommandOf<'SetGeminiKey', typeof setGeminiKeySchema>;
export type RecordGeminiKeyVerification = CommandOf<'RecordGeminiKeyVerification', typeof recordGeminiKeyVerificationSchema>;
export type RemoveGeminiKey = CommandOf<'RemoveGeminiKey', typeof removeGeminiKeySchema>;

export type ProjectAiCommand =
  RecordAiSuggestions | RecordAiPrompt | RecordAiReport | RecordAiResults | SetGeminiKey | RecordGeminiKeyVerification | RemoveGeminiKey;

export const projectAiCommandSchemas = {
  RecordAiSuggestions: recordAiSuggestionsSchema,
  RecordAiPrompt: recordAiPromptSchema,
  RecordAiReport: recordAiReportSchema,
  RecordAiResults: recordAiResultsSchema,
  SetGeminiKey: setGeminiKeySchema,
  RecordGeminiKeyVerification: recordGeminiKeyVerificationSchema,
  RemoveGeminiKey: removeGeminiKeySchema,
};
