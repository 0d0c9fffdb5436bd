import { incompatibleParameterSchema } from '@vis/domain';
import { z } from 'zod';
import { answerAsJson, describeContext, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** Audit Parameters / Audit Again (spec 01 §2 Summary). */
export const parameterAuditPrompt = definePrompt({
  use: 'parameterAudit',
  version: 'parameter-audit@1',
  build: ({ context }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      'Audit the parameters above. List each one that is incompatible with another parameter or with the idea (for example one that needs an outside party or something physical), with a one-sentence reason. Use the parameter text exactly as written above. An empty list is a fine answer.',
      answerAsJson('{"incompatibleParameters": [{"parameter": "...", "reason": "..."}]}'),
    ].join('\n\n'),
  output: z.object({ incompatibleParameters: z.array(incompatibleParameterSchema).max(100) }),
});
