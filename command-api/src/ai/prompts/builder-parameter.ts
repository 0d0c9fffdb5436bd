import { BUILDER_PARAMETER_KINDS } from '@vis/domain';
import { answerAsJson, describeContext, listAnswer, PRODUCT_BRIEF, shortText } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/**
 * The nine-step builder's parameter suggestions (spec 02 §7): the builder writes its own prompt; the kind, read
 * from it or named, adds the table's word range and count.
 */
export const builderParameterPrompt = definePrompt({
  use: 'builderParameter',
  // @2: the kind by its title ('social currency'), not its code name ('socialCurrency').
  version: 'builder-parameter@2',
  build: ({ context, kind, prompt, count, maxWords, exclude }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      prompt,
      `Give ${count} ${BUILDER_PARAMETER_KINDS[kind].title} suggestions, each at most ${maxWords} words, different from each other.`,
      exclude.length > 0 ? `Leave out what the user already has: ${exclude.join('; ')}.` : '',
      answerAsJson('{"results": ["...", "..."]}'),
    ]
      .filter(Boolean)
      .join('\n\n'),
  output: listAnswer('parameters', shortText, 50),
});
