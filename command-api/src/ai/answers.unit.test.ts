import { describe, expect, it } from 'vitest';
import { cleanSuggestions } from './answers.ts';

const clean = (suggestions: string[], exclude: string[] = []) => cleanSuggestions(suggestions, { count: 10, maxWords: 5, exclude });

describe('cleanSuggestions', () => {
  it('takes off the list markers a model puts before items', () =>
    expect(clean(['1. Scarcity', '2) Social proof', '- FOMO', '• Status badges', '* Reciprocity'])).toEqual([
      'Scarcity',
      'Social proof',
      'FOMO',
      'Status badges',
      'Reciprocity',
    ]));

  it('keeps numbers that belong to the value', () =>
    expect(clean(['10% of daily tips', '3D avatars', '24h pool'])).toEqual(['10% of daily tips', '3D avatars', '24h pool']));

  it('drops what the user already has and repeats, whatever their case', () =>
    expect(clean(['Scarcity', 'scarcity', 'FOMO', 'Social proof'], ['fomo'])).toEqual(['Scarcity', 'Social proof']));
});
