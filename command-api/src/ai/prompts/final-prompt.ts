import { incompatibleParameterSchema } from '@vis/domain';
import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** The summary's Generate Final Prompt (spec 01 §2 Summary): the prompt and its Parameter Compatibility Audit. */
export const finalPromptPrompt = definePrompt({
  use: 'finalPrompt',
  version: 'final-prompt@2',
  build: ({ context }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      'Write the final prompt that builds this one-page idea, using every parameter group and audience segment above.',
      "Where they are given, build on the selected concept, the final concept name, the one-liner pitch, the detailed description, the target audience, the page headline, visual, call to action and explanation, and the loops and notes above, in the user's own words.",
      'Then audit the parameters: list any that are incompatible with each other or with the idea, with the reason.',
      answerAsJson('{"finalPrompt": "...", "incompatibleParameters": [{"parameter": "...", "reason": "..."}]}'),
    ].join('\n\n'),
  output: z.object({
    finalPrompt: longText,
    incompatibleParameters: z
      .array(incompatibleParameterSchema)
      .max(100)
      .default(() => []),
  }),
});
