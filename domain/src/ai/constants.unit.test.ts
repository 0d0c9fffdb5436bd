import { describe, expect, it } from 'vitest';
import { isMaskedGeminiKey, lastFourOf, maskedGeminiKey } from './constants.ts';

describe('a Gemini key as it may be shown', () => {
  it('is its last four characters behind a mask', () => expect(maskedGeminiKey(lastFourOf('  AIzaSyExample-Q9z7 '))).toBe('••••••••Q9z7'));

  it('recognises the mask, and never a real key', () => {
    expect(isMaskedGeminiKey('••••••••Q9z7')).toBe(true);
    expect(isMaskedGeminiKey('AIzaSyExample-Q9z7')).toBe(false);
    expect(isMaskedGeminiKey('••••••••AIzaSyExample-Q9z7')).toBe(false);
  });
});
