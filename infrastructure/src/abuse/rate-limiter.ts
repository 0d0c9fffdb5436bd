import { createHash } from 'node:crypto';
import { deleteExpired } from '../document-store/delete-expired.ts';
import type { DocumentStore } from '../document-store/document-store.ts';

/** Counters live in the document store, so every replica of a service counts against the same limit. */
export const RATE_LIMITS_COLLECTION = 'rate_limits';

export interface RateLimitRule {
  /** Names the counter; part of each counter document's id. */
  name: string;
  /** How many in any window; 0 turns the rule off. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When a refused caller may try again (0 when allowed). */
  retryAfterMs: number;
}

type CounterDocument = {
  _id: string;
  count: number;
  expiresAt: string;
};

const ALLOWED: RateLimitVerdict = { allowed: true, retryAfterMs: 0 };

/**
 * Sliding-window counters (the previous fixed window weighted by how much of it still overlaps the sliding one,
 * plus the current window): two small documents per key, no list of timestamps, and no burst of twice the
 * limit at a window's edge as plain fixed windows allow.
 *
 * Keys (an address, an account) are stored hashed: the counters need to tell callers apart, not to name them.
 *
 * A `take` is one reservation: a conditional increment whose filter holds the count it may still grow from
 * (`count <= room - 1`), which the store applies atomically (one LMDB write transaction, one MongoDB
 * `updateOne`). However many requests arrive at once, on one replica or several, no more than the limit pass:
 * a read followed by a separate increment let a burst of 40 through a limit of 10. The previous window is only
 * read: it no longer grows, bar a request or two at the very edge.
 *
 * Why not rate-limiter-flexible: it reserves atomically on MongoDB and in one process's memory, but the
 * embedded topology's replicas share counters through the LMDB document store, which it does not speak; this
 * file is the same conditional increment on the port both stores implement.
 */
export const createRateLimiter = ({
  documentStore,
  clock = () => new Date(),
  onRefused = () => {},
}: {
  documentStore: DocumentStore;
  clock?: () => Date;
  /** Told the rule's name each time it refuses someone (the metrics count refusals by limit). */
  onRefused?: (rule: string) => void;
}) => {
  const idOf = (rule: RateLimitRule, key: string, window: number) =>
    `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}:${window}`;

  const countIn = async (rule: RateLimitRule, key: string, window: number) =>
    (await documentStore.findOne<CounterDocument>(RATE_LIMITS_COLLECTION, { _id: idOf(rule, key, window) }))?.count ?? 0;

  /** The estimate with `extra` more, and when it falls back under the limit. */
  const verdict = async (rule: RateLimitRule, key: string, extra: number): Promise<RateLimitVerdict> => {
    const now = clock().getTime();
    const window = Math.floor(now / rule.windowMs);
    const [previous, current] = await Promise.all([countIn(rule, key, window - 1), countIn(rule, key, window)]);
    const elapsed = (now % rule.windowMs) / rule.windowMs;
    const estimate = previous * (1 - elapsed) + current + extra;
    if (estimate <= rule.limit) return ALLOWED;
    onRefused(rule.name);
    // The previous window's weight shrinks as the sliding window moves on; when the current window alone is over,
    // it has to become the previous one and shrink in turn.
    const retryAt =
      current + extra <= rule.limit
        ? (window + 1 - (rule.limit - current - extra) / previous) * rule.windowMs
        : (window + 1 + Math.max(0, 1 - (rule.limit - extra) / current)) * rule.windowMs;
    return { allowed: false, retryAfterMs: Math.max(1000, Math.ceil(retryAt - now)) };
  };

  const windowOf = (rule: RateLimitRule) => {
    const now = clock().getTime();
    const window = Math.floor(now / rule.windowMs);
    return { now, window, expiresAt: new Date((window + 2) * rule.windowMs).toISOString() };
  };

  const hit = async (rule: RateLimitRule, key: string) => {
    const { window, expiresAt } = windowOf(rule);
    await documentStore.updateOne(
      RATE_LIMITS_COLLECTION,
      { _id: idOf(rule, key, window) },
      { $inc: { count: 1 }, $set: { expiresAt } },
      { upsert: true },
    );
  };

  /** One more in the current window if it still has room; the filter carries the condition, so the store decides. */
  const reserve = async (rule: RateLimitRule, key: string): Promise<boolean> => {
    const { now, window, expiresAt } = windowOf(rule);
    const previous = await countIn(rule, key, window - 1);
    const elapsed = (now % rule.windowMs) / rule.windowMs;
    const room = rule.limit - previous * (1 - elapsed);
    if (room < 1) return false;
    const _id = idOf(rule, key, window);
    const increment = () =>
      documentStore.updateOne(RATE_LIMITS_COLLECTION, { _id, count: { $lte: room - 1 } }, { $inc: { count: 1 }, $set: { expiresAt } });
    if (await increment()) return true;
    // Full, or the window's first request: create the counter at 0 (a no-op when it exists) and ask once more.
    await documentStore.updateOne(RATE_LIMITS_COLLECTION, { _id }, { $inc: { count: 0 }, $set: { expiresAt } }, { upsert: true });
    return increment();
  };

  return {
    /** Whether one more would be within the limit, without counting it (for limits on failures: wrong codes). */
    check: async (rule: RateLimitRule, key: string): Promise<RateLimitVerdict> => (rule.limit === 0 ? ALLOWED : verdict(rule, key, 1)),
    /** Counts one. */
    hit: async (rule: RateLimitRule, key: string) => {
      if (rule.limit !== 0) await hit(rule, key);
    },
    /** Counts one if it is within the limit, atomically; a refused attempt is not counted. */
    take: async (rule: RateLimitRule, key: string): Promise<RateLimitVerdict> => {
      if (rule.limit === 0) return ALLOWED;
      if (await reserve(rule, key)) return ALLOWED;
      const refused = await verdict(rule, key, 1);
      // Refused by the store while the counts now read as room: another request's reservation was given back meanwhile.
      if (!refused.allowed) return refused;
      onRefused(rule.name);
      return { allowed: false, retryAfterMs: 1000 };
    },
    /**
     * Gives back one `take` of the current window: a reservation made before the outcome was known, for limits
     * on failures (wrong coupon codes) where a success should not count. Never below zero.
     */
    release: async (rule: RateLimitRule, key: string) => {
      if (rule.limit === 0) return;
      const { window } = windowOf(rule);
      await documentStore.updateOne(RATE_LIMITS_COLLECTION, { _id: idOf(rule, key, window), count: { $gt: 0 } }, { $inc: { count: -1 } });
    },
    /** Drops counters whose windows no longer count (every replica may run it; deleting twice is harmless). */
    sweep: (max = 1000) => deleteExpired(documentStore, RATE_LIMITS_COLLECTION, clock(), { max }),
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Minutes or seconds, in the words a 429's message uses. */
export const describeWait = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} seconds`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** A request over one of the abuse limits: answered 429 with Retry-After by the error handler. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(
    readonly title: string,
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}
