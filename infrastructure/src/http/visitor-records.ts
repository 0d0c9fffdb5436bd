import { createRateLimiter, RATE_LIMITS_COLLECTION } from '../abuse/rate-limiter.ts';
import type { Abuse, AbuseLimits } from '../abuse/limits.ts';
import type { DocumentStore } from '../document-store/document-store.ts';
import type { Logger } from '../logging/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createSessionStore, SESSIONS_COLLECTION, type SessionStore } from './session-store.ts';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * What a process keeps about visitors in the document store: session records and abuse counters, swept of expired
 * ones now and then. One per process, shared by every service the process runs (the embedded server's APIs share
 * it, so a sign-out is seen at once by both); every replica of every service sees the same records.
 */
export const createVisitorRecords = ({
  documentStore,
  limits,
  logger,
  sessionCacheMs = 0,
  sweepEveryMs = SWEEP_EVERY_MS,
  metrics,
}: {
  documentStore: DocumentStore;
  limits: AbuseLimits;
  logger: Logger;
  /** How long a session record read may be reused: see `createSessionStore`. */
  sessionCacheMs?: number;
  sweepEveryMs?: number;
  /** Counts the abuse limits' refusals. */
  metrics?: Metrics;
}): { sessionStore: SessionStore; abuse: Abuse; close: () => void } => {
  const sessionStore = createSessionStore({ documentStore, cacheMs: sessionCacheMs });
  const onRefused = metrics && ((limit: string) => metrics.rateLimitRefusals.inc({ limit }));
  const abuse = { limiter: createRateLimiter({ documentStore, onRefused }), limits };
  // The sweeps find expired records by their expiry: without an index, each would read every session.
  const expiring = [{ key: { expiresAt: 1 } }] as const;
  Promise.all([documentStore.createIndexes(SESSIONS_COLLECTION, expiring), documentStore.createIndexes(RATE_LIMITS_COLLECTION, expiring)]).catch(
    (error: unknown) => logger.warn({ err: error }, 'creating the session and rate-limit indexes failed'),
  );
  const sweeper = setInterval(() => {
    Promise.all([sessionStore.sweep(), abuse.limiter.sweep()]).catch((error: unknown) =>
      logger.warn({ err: error }, 'sweeping expired sessions and counters failed'),
    );
  }, sweepEveryMs);
  sweeper.unref();
  return { sessionStore, abuse, close: () => clearInterval(sweeper) };
};
