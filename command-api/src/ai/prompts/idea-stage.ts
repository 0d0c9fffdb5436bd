import { ideaConceptSchema } from '@vis/domain';
import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF, shortText } from './context.ts';
import { definePrompt } from './prompt-module.ts';

const shapeExample = {
  text: '"..."',
  list: '["...", "..."]',
  concepts: '[{"name": "...", "simplicityScore": 4, "coreAction": "...", "viralHook": "..."}]',
};

/** One stage of the idea generation flow (spec 01 §4, §7 process-idea-stage), refined `iterations` times. */
export const ideaStagePrompt = definePrompt({
  use: 'ideaStage',
  version: 'idea-stage@2',
  build: ({ context, stage, prompt, focusOn, iterations, quick }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      `Stage: ${stage.title}. ${stage.description}`,
      `The user's prompt: ${prompt}`,
      focusOn.trim() ? `Focus on: ${focusOn}` : '',
      iterations > 1 ? `Draft the results, then critique and improve them ${iterations - 1} more time(s); answer with the final version only.` : '',
      quick ? 'Be brief: short items, one sentence per text.' : '',
      'Simplicity scores run from 0 (hard) to 5 (very simple).',
      answerAsJson(
        `{"summary": "...", "fields": {${Object.entries(stage.extractionFields)
          .map(([field, shape]) => `"${field}": ${shapeExample[shape]}`)
          .join(', ')}}}`,
      ),
    ]
      .filter(Boolean)
      .join('\n\n'),
  output: z.object({
    summary: longText.default(''),
    fields: z.record(z.string().max(100), z.union([longText, z.array(shortText).max(50), z.array(ideaConceptSchema).max(20)])),
  }),
});
