import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldsOf } from '@vis/domain/testing/string-fields';
import * as aiBodies from './ai/schemas.ts';
import { applyCouponBody, createSubscriptionBody } from './payments/routes.ts';
import { projectPatchSchema, stagePatchSchema } from './projects/patch-translation.ts';

/**
 * The request bodies the command API parses before a command is built from them: every text in them refuses
 * what no person means to send. The commands' own schemas are held to the same rule in domain/src/text.unit.test.ts.
 */
const bodies: Record<string, z.ZodType> = {
  ...Object.fromEntries(Object.entries(aiBodies).filter(([name]) => name.endsWith('Body'))),
  flowStageField: aiBodies.flowStageField,
  projectPatch: projectPatchSchema,
  stagePatch: stagePatchSchema,
  createSubscription: createSubscriptionBody,
  applyCoupon: applyCouponBody,
};

/** Fields of free shape, and where their text is checked instead. */
const FREE_SHAPED: Record<string, string> = {
  'stagePatch.geminiSuggestions': 'not stored: suggestions are not parameters until the user adds them',
  'stagePatch.aiSuggestions': 'not stored, as geminiSuggestions',
  'stagePatch.data{}': 'translated into commands, each parsed with its domain schema',
  'enhancedPromptBody.projectData{}': 'the whole document is checked by hasOnlySafeText (routes.int.test.ts)',
  'technicalReportBody.projectData{}': 'as enhancedPromptBody.projectData',
  'processQueryBody.context': 'as enhancedPromptBody.projectData',
  'promptSequenceBody.context': 'as enhancedPromptBody.projectData',
  'promptSequenceBody.config{}': 'as enhancedPromptBody.projectData',
  'ideaStageBody.context': 'as enhancedPromptBody.projectData',
};

const fields = Object.entries(bodies).flatMap(([name, schema]) => fieldsOf(schema, name));

describe('every text field of every request body', () => {
  it('has been found', () => {
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['generateParameterBody.currentValues{key}', 'ideaStageBody.options.focusOn', 'projectPatch.name']),
    );
  });

  it.each([
    ['NUL', 'Tip\u0000Jar'],
    ['a C1 control', 'Tip\u009bJar'],
    ['a right-to-left override', 'Tip\u202EraJ'],
    ['a right-to-left isolate', 'Tip\u2067Jar'],
    ['a lone surrogate', 'Tip\uDBFFJar'],
    ['a line separator', 'Tip\u2028Jar'],
    ['a byte order mark', 'Tip\uFEFFJar'],
  ])('refuses %s', (_, sample) => {
    expect(fields.filter((field) => field.kind === 'string' && field.schema.safeParse(sample).success).map((field) => field.path)).toEqual([]);
  });

  it('takes free-shaped values only where their text is checked another way', () => {
    expect(fields.filter((field) => field.kind === 'unknown' && !(field.path in FREE_SHAPED)).map((field) => field.path)).toEqual([]);
  });
});
