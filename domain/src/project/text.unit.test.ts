import { describe, expect, it } from 'vitest';
import { cut, splitItems, uniqueItems } from './text.ts';

describe('cut', () => {
  it('leaves a text of up to 120 characters as it is', () => {
    expect(cut('short')).toBe('short');
    expect(cut('x'.repeat(120))).toBe('x'.repeat(120));
  });

  it("cuts a longer text to 120 characters, the last one '…'", () => {
    const cutText = cut('x'.repeat(121));
    expect(cutText).toBe(`${'x'.repeat(119)}…`);
    expect(cutText).toHaveLength(120);
  });

  it('drops the spaces before the ellipsis', () => expect(cut('abc   defgh', 7)).toBe('abc…'));

  it('never splits an emoji', () => expect(cut('🙂🙂🙂🙂', 3)).toBe('🙂🙂…'));

  it('takes another limit', () => expect(cut('abcdef', 4)).toBe('abc…'));
});

describe('splitItems', () => {
  it('splits on commas, line breaks, bullets and hyphens, trimmed, empty pieces dropped', () =>
    expect(splitItems('FOMO, scarcity\n• status\r\n- fun,,  \n* pride ‣ joy')).toEqual(['FOMO', 'scarcity', 'status', 'fun', 'pride', 'joy']));

  it("splits a hyphenated word too, as the spec says ('one-page')", () =>
    expect(splitItems('one-page, no physical')).toEqual(['one', 'page', 'no physical']));

  it('gives nothing for blank text', () => expect(splitItems('  \n , ')).toEqual([]));
});

describe('uniqueItems', () => {
  it('trims, drops empty values and keeps the first of repeated ones', () => expect(uniqueItems([' b', 'a', 'b ', '', 'a'])).toEqual(['b', 'a']));
});
