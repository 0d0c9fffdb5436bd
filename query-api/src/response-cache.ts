import { LRUCache } from '@vis/infrastructure';

/** An answer's text and its length in UTF-8 bytes as a Content-Length value. */
export interface MeasuredAnswer {
  json: string;
  length: string;
}

/**
 * Answers serialised once per version of the document they come from, not once per request: a page polled or
 * refetched by many tabs sends the same text until the document moves. Keyed by the document (its collection and
 * id) and valid for one position; the least recently used are dropped past `limit`. Only for answers that depend
 * on the document alone, after the caller's right to it was checked.
 */
export const createResponseCache = ({ limit = 2_000 }: { limit?: number } = {}) => {
  const entries = new LRUCache<string, { position: number; json: string; measured?: MeasuredAnswer }>({ max: limit });
  const entry = (key: string, position: number, build: () => unknown) => {
    const cached = entries.get(key);
    if (cached?.position === position) return cached;
    const fresh = { position, json: JSON.stringify(build()) };
    entries.set(key, fresh);
    return fresh;
  };
  return {
    json: (key: string, position: number, build: () => unknown): string => entry(key, position, build).json,
    /**
     * The same answer with its Content-Length, measured once per version too, for a handler that writes it straight
     * to Node's response. Kept as text: Node sends a text body in the same write as the header, a Buffer as a second
     * piece of a writev.
     */
    measured: (key: string, position: number, build: () => unknown): MeasuredAnswer => {
      const cached: { json: string; measured?: MeasuredAnswer } = entry(key, position, build);
      return (cached.measured ??= { json: cached.json, length: String(Buffer.byteLength(cached.json)) });
    },
  };
};
