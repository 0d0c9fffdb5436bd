import {
  BUILDER_PARAMETER_KIND_NAMES,
  FLOW_STAGE_IDS,
  hasOnlySafeText,
  isSafeText,
  MAX_CORE_IDEA_LENGTH,
  MAX_ITERATIONS,
  MAX_PARAMETER_LENGTH,
  MAX_PROJECT_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
  MIN_ITERATIONS,
  UNSAFE_TEXT_MESSAGE,
  userLine,
  userText,
} from '@vis/domain';
import { z } from 'zod';

/**
 * Request bodies of the AI calls: the spec's fields (spec 01 §7, spec 02 §7), plus `projectId` on every call
 * that can concern a project (the caller must own it; its context is used and the outcome recorded there).
 * Strict: an unknown field is refused by name. Every text is checked for characters no person means to send
 * (`userText`, `userLine`), inside the free-shaped documents too.
 */
const projectId = userLine(200).min(1).optional();
const parameterList = z.array(userLine(MAX_PARAMETER_LENGTH)).max(500);
const MAX_DOCUMENT_LENGTH = 200_000;

/** Documents the client owns the shape of (the builder's project, the flow screen's context): any JSON, bounded. */
const document = z
  .record(z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_DOCUMENT_LENGTH, `must be at most ${MAX_DOCUMENT_LENGTH} characters of JSON`)
  .refine(hasOnlySafeText, UNSAFE_TEXT_MESSAGE);
const freeContext = z
  .unknown()
  .refine(
    (value) => value === undefined || JSON.stringify(value).length <= MAX_DOCUMENT_LENGTH,
    `must be at most ${MAX_DOCUMENT_LENGTH} characters of JSON`,
  )
  .refine(hasOnlySafeText, UNSAFE_TEXT_MESSAGE);

/** Flow stages by id ('research') or number (1–6), as clients send both. */
export const flowStageField = z.union([z.enum(FLOW_STAGE_IDS), z.number().int().min(1).max(6)]);
const count = z.number().int().min(1).max(20);

export const generateParametersBody = z.strictObject({
  fieldType: userLine(100).optional(),
  coreIdea: userText(MAX_CORE_IDEA_LENGTH).optional(),
  projectName: userLine(MAX_PROJECT_NAME_LENGTH).optional(),
  stageId: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).optional(),
  excludeParameters: parameterList.optional(),
  count: count.optional(),
  projectId,
  /** With a projectId: the suggestions also join the list (the guided stages' Generate), decided with their record. */
  addToList: z.boolean().optional(),
});

export const generateKindParametersBody = generateParametersBody.omit({ fieldType: true, stageId: true });

export const generateParameterBody = z.strictObject({
  prompt: userText(MAX_PROMPT_LENGTH),
  /** The core idea and, by kind, the viral triggers and core tech (spec 02 §7); or simply the values already chosen. */
  currentValues: z.union([parameterList, z.record(userLine(100), z.union([userText(MAX_CORE_IDEA_LENGTH), parameterList]))]).optional(),
  maxWords: z.number().int().min(1).max(20).optional(),
  count: count.optional(),
  kind: z.enum(BUILDER_PARAMETER_KIND_NAMES).optional(),
  exclude: parameterList.optional(),
  projectId,
});

export const enhancedPromptBody = z.strictObject({ projectData: document.optional(), projectId });

export const technicalReportBody = z.strictObject({
  projectData: document.optional(),
  promptOnly: z.boolean().optional(),
  auditOnly: z.boolean().optional(),
  existingPrompt: userText(MAX_PROMPT_LENGTH).optional(),
  removeParameters: parameterList.optional(),
  projectId,
});

export const processQueryBody = z.strictObject({
  query: userText(MAX_PROMPT_LENGTH),
  stage: flowStageField,
  context: freeContext.optional(),
  projectId,
});

export const promptSequenceBody = z.strictObject({
  stage: flowStageField,
  input: userText(MAX_PROMPT_LENGTH).optional(),
  context: freeContext.optional(),
  config: document.optional(),
  projectId,
});

export const ideaStageBody = z.strictObject({
  stage: flowStageField,
  prompt: userText(MAX_PROMPT_LENGTH),
  context: freeContext.optional(),
  options: z
    .strictObject({
      focusOn: userText(1000).optional(),
      iterations: z
        .number()
        .int()
        .min(MIN_ITERATIONS, `Iterations must be from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`)
        .max(MAX_ITERATIONS, `Iterations must be from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`)
        .optional(),
      quick: z.boolean().optional(),
    })
    .optional(),
  projectId,
});

/** Quick Start's choice: fill the project named by `projectId` (the default with one), or make a new one (without). */
export const QUICK_IDEA_TARGETS = ['fill', 'new'] as const;

export const quickIdeaBody = z.strictObject({
  coreIdea: userText(MAX_CORE_IDEA_LENGTH),
  parameters: parameterList.optional(),
  projectName: userLine(MAX_PROJECT_NAME_LENGTH).optional(),
  target: z.enum(QUICK_IDEA_TARGETS).optional(),
  projectId,
});

/** Google's keys are printable ASCII without spaces; the message never repeats the value. */
const apiKey = z
  .string()
  .trim()
  .min(1, 'Please enter an API key')
  .max(500)
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters');

export const verifyApiKeyBody = z.strictObject({ apiKey, projectId });
export const setGeminiKeyBody = z.strictObject({ apiKey });
