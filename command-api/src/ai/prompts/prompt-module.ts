import type { z } from 'zod';
import type { AiInput, AiOutput, AiUse } from '../provider.ts';

/**
 * One module per use of the model: the prompt text and the JSON shape its answer must have. `version` goes
 * into every event the answer leads to; change it with the prompt, so that the history says which prompt
 * wrote what.
 */
export interface PromptModule<U extends AiUse> {
  use: U;
  /** `<name>@<n>`. */
  version: string;
  build: (input: AiInput<U>) => string;
  /** Validates the model's JSON; what it lets through is what callers get. */
  output: z.ZodType<AiOutput<U>, unknown>;
}

export const definePrompt = <U extends AiUse>(module: PromptModule<U>) => module;
