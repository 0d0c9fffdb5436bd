import { describe, expect, it } from 'vitest';
import { copyValue, sameValue } from './same-value.ts';
import { emptyStage, STAGE_DEFAULTS } from './stages.ts';

describe('JSON-like values', () => {
  it('copies deeply: the copy equals the original and shares no object or array with it', () => {
    const original = { name: 'x', tags: ['a', 'b'], nested: { list: [{ n: 1 }], none: null, flag: false, count: 0 } };
    const copy = copyValue(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.tags).not.toBe(original.tags);
    expect(copy.nested).not.toBe(original.nested);
    expect(copy.nested.list[0]).not.toBe(original.nested.list[0]);
    copy.nested.list.push({ n: 2 });
    expect(original.nested.list).toEqual([{ n: 1 }]);
  });

  it('gives each new stage its own empty values, equal to the defaults', () => {
    for (const stage of [1, 2, 3, 4, 5, 6] as const) {
      const fresh = emptyStage(stage);
      expect(fresh).toEqual(structuredClone(STAGE_DEFAULTS[stage]));
      expect(sameValue(fresh, STAGE_DEFAULTS[stage])).toBe(true);
    }
    const one = emptyStage(5);
    one.webpageElements.otherElements.push({ name: 'Banner', description: 'Top of the page' });
    expect(emptyStage(5).webpageElements.otherElements).toEqual([]);
    expect(STAGE_DEFAULTS[5].webpageElements.otherElements).toEqual([]);
  });
});
