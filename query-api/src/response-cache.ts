import { LRUCache } from '@vis/infrastructure';

/** An answer's body as sent: its UTF-8 bytes and their count as a Content-Length value. */
export interface AnswerBytes {
  body: Buffer;
  length: string;
}

/**
 * Answers serialised once per version of the document they come from, not once per request: a page polled or
 * refetched by many tabs sends the same text until the document moves. Keyed by the document (its collection and
 * id) and valid for one position; the least recently used are dropped past `limit`. Only for answers that depend
 * on the document alone, after the caller's right to it was checked.
 */
export const createResponseCache = ({ limit = 2_000 }: { limit?: number } = {}) => {
  const entries = new LRUCache<string, { position: number; json: string; bytes?: AnswerBytes }>({ max: limit });
  const entry = (key: string, position: number, build: () => unknown) => {
    const cached = entries.get(key);
    if (cached?.position === position) return cached;
    const fresh = { position, json: JSON.stringify(build()) };
    entries.set(key, fresh);
    return fresh;
  };
  return {
    json: (key: string, position: number, build: () => unknown): string => entry(key, position, build).json,
    /** The same answer encoded once per version too, for a handler that writes it straight to Node's response. */
    bytes: (key: string, position: number, build: () => unknown): AnswerBytes => {
      const cached: { json: string; bytes?: AnswerBytes } = entry(key, position, build);
      if (cached.bytes) return cached.bytes;
      const body = Buffer.from(cached.json);
      return (cached.bytes = { body, length: String(body.length) });
    },
  };
};
