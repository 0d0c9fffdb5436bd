/** Words as the server counts them (domain `countWords`): runs of anything but white space. */
export const countWords = (text: string): number => (text.trim() === '' ? 0 : text.trim().split(/\s+/u).length);

/**
 * Spec 02 §5: input beyond the word limit is ignored. The text up to the end of its `max`-th word is kept as
 * typed (its spacing included); anything after it is dropped, so typing a further word does nothing and a
 * pasted text keeps its first `max` words.
 */
export const limitWords = (text: string, max: number): string => {
  if (countWords(text) <= max) return text;
  const words = /\S+/gu;
  let end = 0;
  for (let count = 0; count < max; count += 1) {
    const match = words.exec(text);
    if (!match) break;
    end = match.index + match[0].length;
  }
  return text.slice(0, end);
};

/** The first `max` words, single-spaced: what the server keeps of a longer parameter. */
export const cutWords = (text: string, max: number): string => text.trim().split(/\s+/u).slice(0, max).join(' ');

/** Seconds as mm:ss (minutes grow past 59). */
export const formatElapsed = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};
