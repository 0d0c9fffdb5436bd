import { answerAsJson, describeContext, listAnswer, PRODUCT_BRIEF, shortText } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** Suggestions for one of the guided stages' parameter lists (spec 01 §7 generate-parameters, per kind). */
export const parametersPrompt = definePrompt({
  use: 'parameters',
  version: 'parameters@1',
  build: ({ context, kind, count, exclude }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      `Suggest ${count} ${kind.title} parameters for this idea: ${kind.describe}.`,
      `Each one is ${kind.minWords} to ${kind.maxWords} words, specific to this idea, and different from the others.`,
      exclude.length > 0 ? `Do not repeat any of these: ${exclude.join('; ')}.` : '',
      answerAsJson('{"parameters": ["...", "..."]}'),
    ]
      .filter(Boolean)
      .join('\n\n'),
  output: listAnswer('parameters', shortText, 50),
});
