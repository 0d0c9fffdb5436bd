import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_ROUTES } from './body-schemas.ts';
import { arbitraryFor } from './zod-arbitrary.ts';

describe('valid-shaped bodies generated from the routes’ zod schemas', () => {
  it.each(Object.entries(BODY_ROUTES))('%s: most of them pass the schema they came from', (_key, { schema }) => {
    const samples = fc.sample(arbitraryFor(schema), { seed: 11, numRuns: 60 });
    const passed = samples.filter(
      (sample) => (schema as unknown as { safeParse: (value: unknown) => { success: boolean } }).safeParse(sample).success,
    );
    // Refinements the generator cannot see (a document's JSON size, say) may refuse a few.
    expect(passed.length / samples.length).toBeGreaterThanOrEqual(0.9);
  });
});
