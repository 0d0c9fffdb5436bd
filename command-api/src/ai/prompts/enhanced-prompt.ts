import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** The builder's step 8, Complete Prompt (spec 02 §2.7): everything the steps gathered, as one prompt to build from. */
export const enhancedPromptPrompt = definePrompt({
  use: 'enhancedPrompt',
  version: 'enhanced-prompt@1',
  build: ({ context }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      'Write one complete, well-structured prompt that a developer or an AI coding assistant could build this one-page idea from:',
      'the concept, the viral mechanics, the closed-loop reward system, the page layout and the technical framework.',
      answerAsJson('{"enhancedPrompt": "..."}'),
    ].join('\n\n'),
  output: z.object({ enhancedPrompt: longText }),
});
