import { z } from 'zod';

/**
 * What no text a person gives us may hold: control characters (C0 but tab, line feed and carriage return in
 * multi-line text; DEL; C1), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make text read differently from what it is (a public title that shows one name and
 * is another), and lone surrogates, which are no character at all and break whatever encodes them next.
 *
 * Nor the invisible characters no text needs: the line and paragraph separators (U+2028, U+2029: line breaks
 * are `\n`; these break lines in some renderers and not in others, and end a line in JavaScript source), the
 * byte order mark in the middle of text (U+FEFF, the deprecated zero-width no-break space), the interlinear
 * annotation characters (U+FFF9–U+FFFB) and the deprecated format characters (U+206A–U+206F).
 */
const UNSAFE_ANYWHERE =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029\\uFEFF\\uFFF9-\\uFFFB\\u206A-\\u206F';
const LONE_SURROGATE = '[\\uD800-\\uDFFF]';

/**
 * One line (a name, a title, a parameter, a code) is also what tells one thing from another, so it refuses the
 * characters that show nothing and would make two names that look the same differ: the zero-width space
 * (U+200B), the word joiner and invisible operators (U+2060–U+2064), the soft hyphen (U+00AD), the combining
 * grapheme joiner (U+034F), the Mongolian vowel separator (U+180E) and the Hangul fillers, which show as a blank
 * (U+115F, U+1160, U+3164, U+FFA0). Multi-line text keeps these: Thai and Khmer writers use the zero-width space
 * to mark where a line may break, and a soft hyphen is a hyphenation hint; nothing is told apart by a note.
 *
 * The zero-width joiner and non-joiner (U+200D, U+200C) are a part of real writing: an emoji sequence (👩‍🚀, 🏳️‍🌈),
 * a Persian word (می‌خواهم), an Indic conjunct. A line takes them where they join two characters of such writing,
 * and refuses them where they can only hide: at either end, beside a space, a Latin letter or ASCII (where they
 * change nothing that shows), or beside another invisible character.
 */
const INVISIBLE_IN_LINE = '\\u00AD\\u115F\\u1160\\u180E\\u200B\\u2060-\\u2064\\u3164\\uFFA0';
/** A combining mark, so outside any character class: in one it would read as combined with the character before. */
const GRAPHEME_JOINER = '\\u034F';
/** What a joiner may stand beside in a line: anything but a space, ASCII, a Latin letter, or an invisible (format, control, unassigned) character. */
const JOINABLE = `(?!${GRAPHEME_JOINER})[^\\s\\p{ASCII}\\p{Script=Latin}\\p{C}\\p{Z}${INVISIBLE_IN_LINE}]`;
const STRAY_JOINER = `(?<!${JOINABLE})[\\u200C\\u200D]|[\\u200C\\u200D](?!${JOINABLE})`;

const UNSAFE_IN_TEXT = new RegExp(`[${UNSAFE_ANYWHERE}]|${LONE_SURROGATE}`, 'u');
const UNSAFE_IN_LINE = new RegExp(`[${UNSAFE_ANYWHERE}\\t\\n\\r${INVISIBLE_IN_LINE}]|${GRAPHEME_JOINER}|${LONE_SURROGATE}|${STRAY_JOINER}`, 'u');

export const UNSAFE_TEXT_MESSAGE = 'must not contain control, direction-override or invisible characters';

/** Multi-line text (a note, a core idea, a prompt): line breaks and tabs are welcome, nothing else unseen. */
export const isSafeText = (text: string): boolean => !UNSAFE_IN_TEXT.test(text);
/** One line (a name, a title, a parameter, an id): no control character at all, and nothing invisible. */
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
