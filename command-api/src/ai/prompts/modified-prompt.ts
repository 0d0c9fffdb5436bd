import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** Generate Modified Prompt (spec 01 §4 Summary): the prompt again, without the parameters the audit removed. */
export const modifiedPromptPrompt = definePrompt({
  use: 'modifiedPrompt',
  version: 'modified-prompt@1',
  build: ({ context, existingPrompt, removeParameters }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      `Here is the current prompt:\n${existingPrompt}`,
      `Rewrite it without these parameters and anything that depends on them: ${removeParameters.join('; ')}. Keep everything else.`,
      answerAsJson('{"finalPrompt": "..."}'),
    ].join('\n\n'),
  output: z.object({ finalPrompt: longText }),
});
