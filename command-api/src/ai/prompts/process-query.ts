import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF, shortText } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** A free question about one stage of the flow (spec 01 §7 process-query). */
export const processQueryPrompt = definePrompt({
  use: 'processQuery',
  version: 'process-query@1',
  build: ({ context, query, stage }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      `The user is in the ${stage.title} stage (${stage.description}) and asks:\n${query}`,
      'Answer in a few sentences, then give up to five short follow-up suggestions.',
      answerAsJson('{"response": "...", "suggestions": ["..."]}'),
    ].join('\n\n'),
  output: z.object({
    response: longText,
    suggestions: z
      .array(shortText)
      .max(10)
      .default(() => []),
  }),
});
