import { CONTEXT_PREVIEW_LENGTH } from './constants.ts';

/**
 * Shortens a text to at most `max` characters for a preview (spec §2: 120). A cut text ends with '…' inside
 * the limit, so the reader can tell it goes on and the preview never grows past the limit. Counts code
 * points, so an emoji is never split in half.
 */
export const cut = (text: string, max: number = CONTEXT_PREVIEW_LENGTH): string => {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
};

/**
 * Commas, line breaks, bullets and hyphens all separate items in stored text (spec §5). Hyphens too, as the
 * spec says, even though that splits a word like 'one-page' in two.
 */
const ITEM_SEPARATORS = /[,\r\n\u2022\u2023\u2043\u2219\u25AA\u25CF\u25E6\u00B7*\-\u2010\u2011]/;

export const splitItems = (text: string): string[] =>
  text
    .split(ITEM_SEPARATORS)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Parameter lists hold unique, trimmed, non-empty values (spec §3 variant C), first occurrence kept. */
export const uniqueItems = (values: readonly string[]): string[] => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
