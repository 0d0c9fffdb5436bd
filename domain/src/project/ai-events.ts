import { z } from 'zod';
import { GEMINI_KEY_VISIBLE_CHARACTERS } from '../ai/constants.ts';
import { MAX_PARAMETER_LENGTH, MAX_PROMPT_LENGTH, PARAMETER_LIST_NAMES } from './constants.ts';
import { incompatibleParameterSchema, technicalReportSchema } from './stages.ts';

/**
 * What the AI contributed to a project, recorded so an analyst can replay how AI shaped an idea: what was asked,
 * which provider, model and prompt version answered, and what came back. These events change nothing the user
 * sees: a suggestion is not a parameter until the user adds it, a generated report not the project's report
 * until it is recorded (RecordTechnicalReport, RecordFinalPrompt).
 */
export const AI_PROVIDERS = ['gemini', 'offline'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export const aiAnswerSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string().max(200),
  /** `<use>@<n>`: the prompt module and its version, so a changed prompt shows in the history. */
  promptVersion: z.string().max(100),
  /** Answered with the project's own Gemini key (free for the user). */
  ownKey: z.boolean(),
});
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

/** The user's side of the request, as they sent it (bounded): prompt texts, kinds, counts, exclusions. */
export const aiAskedSchema = z.record(z.string(), z.unknown());

const aiOutcome = {
  projectId: z.string(),
  /** The account's charge for this request carries the same id. */
  requestId: z.string().max(200),
  asked: aiAskedSchema,
  ai: aiAnswerSchema,
  generatedAt: z.string(),
};

export const AI_SUGGESTION_USES = ['parameters', 'builderParameter'] as const;
export const aiSuggestionsGeneratedSchema = z.object({
  ...aiOutcome,
  use: z.enum(AI_SUGGESTION_USES),
  /** The guided list the suggestions are for; null for the builder's kinds, which have no list of their own. */
  list: z.enum(PARAMETER_LIST_NAMES).nullable(),
  kind: z.string().max(100),
  suggestions: z.array(z.string().max(MAX_PARAMETER_LENGTH)).min(1),
});

export const AI_PROMPT_USES = ['enhancedPrompt', 'finalPrompt', 'modifiedPrompt', 'promptSequence'] as const;
export const aiPromptGeneratedSchema = z.object({
  ...aiOutcome,
  use: z.enum(AI_PROMPT_USES),
  /** One prompt, or a sequence of them (promptSequence). */
  prompts: z.array(z.string().max(MAX_PROMPT_LENGTH)).min(1),
  /** The compatibility audit that came with a final prompt. */
  incompatibleParameters: z.array(incompatibleParameterSchema),
});

export const AI_REPORT_USES = ['technicalReport', 'parameterAudit'] as const;
export const aiReportGeneratedSchema = z.object({
  ...aiOutcome,
  use: z.enum(AI_REPORT_USES),
  /** An audit fills only `parameterAudit`. */
  report: technicalReportSchema,
});

export const AI_RESULT_USES = ['processQuery', 'ideaStage', 'quickIdea'] as const;
export const aiResultsGeneratedSchema = z.object({
  ...aiOutcome,
  use: z.enum(AI_RESULT_USES),
  /** The answer as the caller received it (JSON). */
  results: z.record(z.string(), z.unknown()),
});

/** Only ever the last characters: the key itself is encrypted outside the event log. */
const lastFour = z.string().min(1).max(GEMINI_KEY_VISIBLE_CHARACTERS);

export const geminiKeySetSchema = z.object({
  projectId: z.string(),
  /** Names this key in the vault; a verification of an earlier key is not taken for this one. */
  keyId: z.string().max(200),
  lastFour,
  previousLastFour: lastFour.nullable(),
  setAt: z.string(),
});

export const geminiKeyVerifiedSchema = z.object({
  projectId: z.string(),
  keyId: z.string().max(200),
  lastFour,
  valid: z.boolean(),
  verifiedAt: z.string(),
});

export const geminiKeyRemovedSchema = z.object({
  projectId: z.string(),
  keyId: z.string().max(200),
  lastFour,
  removedAt: z.string(),
});

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type AiSuggestionsGenerated = EventOf<'AiSuggestionsGenerated', typeof aiSuggestionsGeneratedSchema>;
export type AiPromptGenerated = EventOf<'AiPromptGenerated', typeof aiPromptGeneratedSchema>;
export type AiReportGenerated = EventOf<'AiReportGenerated', typeof aiReportGeneratedSchema>;
export type AiResultsGenerated = EventOf<'AiResultsGenerated', typeof aiResultsGeneratedSchema>;
export type GeminiKeySet = EventOf<'GeminiKeySet', typeof geminiKeySetSchema>;
export type GeminiKeyVerified = EventOf<'GeminiKeyVerified', typeof geminiKeyVerifiedSchema>;
export type GeminiKeyRemoved = EventOf<'GeminiKeyRemoved', typeof geminiKeyRemovedSchema>;

export type ProjectAiEvent =
  AiSuggestionsGenerated | AiPromptGenerated | AiReportGenerated | AiResultsGenerated | GeminiKeySet | GeminiKeyVerified | GeminiKeyRemoved;

export const projectAiEventSchemas = {
  AiSuggestionsGenerated: aiSuggestionsGeneratedSchema,
  AiPromptGenerated: aiPromptGeneratedSchema,
  AiReportGenerated: aiReportGeneratedSchema,
  AiResultsGenerated: aiResultsGeneratedSchema,
  GeminiKeySet: geminiKeySetSchema,
  GeminiKeyVerified: geminiKeyVerifiedSchema,
  GeminiKeyRemoved: geminiKeyRemovedSchema,
};

export const PROJECT_AI_EVENT_TYPES = Object.keys(projectAiEventSchemas) as ProjectAiEvent['type'][];
