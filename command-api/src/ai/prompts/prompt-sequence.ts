import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** The prompts a flow stage could run, in order (spec 01 §7 generate-prompt-sequence). */
export const promptSequencePrompt = definePrompt({
  use: 'promptSequence',
  version: 'prompt-sequence@1',
  build: ({ context, stage, input, config }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      `Stage: ${stage.title}. ${stage.description} It should produce: ${Object.keys(stage.extractionFields).join(', ')}.`,
      input.trim() ? `The user's input: ${input}` : '',
      Object.keys(config).length > 0 ? `Settings: ${JSON.stringify(config)}` : '',
      'Write a sequence of three to five prompts, each building on the previous one, that lead from this input to the stage results.',
      answerAsJson('{"prompts": ["...", "..."]}'),
    ]
      .filter(Boolean)
      .join('\n\n'),
  output: z.object({ prompts: z.array(longText).min(1).max(10) }),
});
