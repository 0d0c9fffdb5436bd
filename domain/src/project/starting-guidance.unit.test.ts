import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMETERS } from './constants.ts';
import { CORE_IDEA_EXAMPLE, exampleText, LIST_EXAMPLES, suggestedParametersFor } from './starting-guidance.ts';

describe('starting guidance (spec 01 §1, §3)', () => {
  it("gives the core idea the default text's sustainability model as its example", () => {
    expect(CORE_IDEA_EXAMPLE).toContain('XNO');
    expect(CORE_IDEA_EXAMPLE).toContain('a daily reward pool of 10% of new contributions from the last 24 hours');
    expect(CORE_IDEA_EXAMPLE).toContain('a 1.5% transaction fee paid into the reward pool');
    expect(exampleText(LIST_EXAMPLES.sustainabilityParameters!)).toBe(
      'Example: a daily reward pool of 10% of new contributions from the last 24 hours, and a 1.5% transaction fee paid into the reward pool',
    );
  });

  it("offers a new project's Add Parameter only the suggestions it does not have: XNO Crypto and Self-Funded", () =>
    expect(suggestedParametersFor(DEFAULT_PARAMETERS)).toEqual(['XNO Crypto', 'Self-Funded']));

  it('skips a suggestion held in another case or spelling, and offers all five to a project without parameters', () => {
    expect(suggestedParametersFor(['self funded', 'xno crypto!'])).toEqual(['Viral', 'Simple Page', 'No Externalities']);
    expect(suggestedParametersFor([])).toEqual(['XNO Crypto', 'Self-Funded', 'Viral', 'Simple Page', 'No Externalities']);
  });
});
