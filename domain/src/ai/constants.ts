/** AI texts and limits from spec/01-guided-stages.md §4, §5, §8 and spec/02-accounts-builder-marketplace.md §5, §8. */

/** Spec 02 §5: an empty result is an error with this text. */
export const NO_PARAMETERS_GENERATED = 'No parameters generated';

/** What each call answers when the model fails (spec 01 §8, spec 02 §8), by the call's use. */
export const AI_FAILURE_MESSAGES = {
  parameters: 'Failed to generate parameters',
  builderParameter: 'Failed to generate parameters',
  enhancedPrompt: 'Failed to generate enhanced prompt',
  technicalReport: 'Failed to generate technical report',
  finalPrompt: 'Failed to generate final prompt. Please try again.',
  parameterAudit: 'Failed to audit parameters. Please try again.',
  modifiedPrompt: 'Failed to generate modified prompt. Please try again.',
  processQuery: 'Failed to process query',
  promptSequence: 'Failed to generate prompt sequence',
  ideaStage: 'Failed to process stage',
  quickIdea: 'Failed to generate idea',
} as const;

/** Spec 01 §5. */
export const EMPTY_PROMPT_TITLE = 'Empty prompt';
export const EMPTY_PROMPT_MESSAGE = 'Please enter a prompt to generate ideas.';
export const EMPTY_IDEA_TITLE = 'Empty idea';
export const EMPTY_IDEA_MESSAGE = 'Please enter a core idea to get started.';

/**
 * Not in the spec: a bound on how fast one account may call the model, so that a runaway client (or a
 * subscriber's script) cannot exhaust the server's Gemini quota for everyone.
 */
export const AI_REQUESTS_PER_MINUTE = 30;
export const TOO_MANY_AI_REQUESTS_TITLE = 'Too many requests';
export const TOO_MANY_AI_REQUESTS_MESSAGE = `You have sent more than ${AI_REQUESTS_PER_MINUTE} AI requests in the last minute. Please wait a moment and try again.`;

/** Not in the spec: the AI process panel runs one process at a time (spec 01 §4), and the server keeps to it. */
export const AI_PROCESS_BUSY_TITLE = 'AI process busy';
export const AI_PROCESS_BUSY_MESSAGE = 'Another AI request is still running in this window. Please wait for it to finish.';

/** The live progress steps of an AI request (spec 01 §4 "Generation progress"). */
export const AI_PROGRESS_STEPS = {
  processing: 10,
  analyzing: 70,
  saving: 90,
  complete: 100,
} as const;
export type AiProgressStatus = keyof typeof AI_PROGRESS_STEPS;

/** What the user asked is kept for the analyst, within reason: an event must stay far below the store's limits. */
export const MAX_ASKED_LENGTH = 50_000;

/** A project's own Gemini key is shown as its last four characters only. */
export const GEMINI_KEY_VISIBLE_CHARACTERS = 4;
export const lastFourOf = (apiKey: string) => apiKey.trim().slice(-GEMINI_KEY_VISIBLE_CHARACTERS);
const MASK = '••••••••';
export const maskedGeminiKey = (lastFour: string) => `${MASK}${lastFour}`;
/** The masked form GET answers, sent back with a whole project by a client that saves what it read. */
export const isMaskedGeminiKey = (value: string) => value.startsWith(MASK) && value.length <= MASK.length + GEMINI_KEY_VISIBLE_CHARACTERS;
