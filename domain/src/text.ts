import { z } from 'zod';

/**
 * What no text a person gives us may hold: control characters (C0 but tab, line feed and carriage return in
 * multi-line text; DEL; C1), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make text read differently from what it is (a public title that shows one name and
 * is another), and lone surrogates, which are no character at all and break whatever encodes them next.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const UNSAFE_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;

export const UNSAFE_TEXT_MESSAGE = 'must not contain control or direction-override characters';

/** Multi-line text (a note, a core idea, a prompt): line breaks and tabs are welcome, nothing else unseen. */
export const isSafeText = (text: string): boolean => !UNSAFE_IN_TEXT.test(text);
/** One line (a name, a title, a parameter, an id): no control character at all. */
export const isSafeLine = (text: string): boolean => !UNSAFE_IN_LINE.test(text);

/** The text with every character a one-line field refuses taken out (for names we are given, not typed here). */
export const withoutUnsafeCharacters = (text: string): string => text.replace(new RegExp(UNSAFE_IN_LINE.source, 'gu'), '');

/** The text with every character multi-line text refuses taken out (for texts a model wrote, not a person). */
export const withoutUnsafeTextCharacters = (text: string): string => text.replace(new RegExp(UNSAFE_IN_TEXT.source, 'gu'), '');

/** A multi-line text field of at most `max` characters. */
export const userText = (max: number) => z.string().max(max).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
/** A one-line text field of at most `max` characters. */
export const userLine = (max: number) => z.string().max(max).refine(isSafeLine, UNSAFE_TEXT_MESSAGE);

/** Ids a client names (a project in the path, a subscription): as long as the HTTP edge lets a path segment be. */
export const MAX_NAMED_ID_LENGTH = 200;
export const namedId = () => userLine(MAX_NAMED_ID_LENGTH);

/**
 * Every string in a JSON value of free shape (a document the client owns), keys included, is safe text.
 * Walked with a stack of its own: documents are bounded in depth at the HTTP edge, but this must not rely on it.
 */
export const hasOnlySafeText = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isSafeText(item)) return false;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!isSafeText(key)) return false;
        pending.push(child);
      }
    }
  }
  return true;
};

/** A refinement for a document of free shape: see `hasOnlySafeText`. */
export const safeDocument = <T extends z.ZodType>(schema: T) => schema.refine((value) => hasOnlySafeText(value), UNSAFE_TEXT_MESSAGE);
