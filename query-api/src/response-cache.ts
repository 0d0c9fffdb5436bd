import { LRUCache } from '@vis/infrastructure';

/**
 * Answers serialised once per version of the document they come from, not once per request: a page polled or
 * refetched by many tabs sends the same text until the document moves. Keyed by the document (its collection and
 * id) and valid for one position; the least recently used are dropped past `limit`. Only for answers that depend
 * on the document alone, after the caller's right to it was checked.
 */
export const createResponseCache = ({ limit = 2_000 }: { limit?: number } = {}) => {
  const entries = new LRUCache<string, { position: number; json: string }>({ max: limit });
  return {
    json: (key: string, position: number, build: () => unknown): string => {
      const cached = entries.get(key);
      if (cached?.position === position) return cached.json;
      const json = JSON.stringify(build());
      entries.set(key, { position, json });
      return json;
    },
  };
};
