import type { DocumentStore, Filter } from './document-store.ts';

/**
 * Deletes up to `max` documents of a collection whose `expiresAt` (an ISO time) is before `now`, and any other
 * condition the caller adds; answers how many. The sweeps of sessions, abuse counters, AI answers and idempotency
 * keys: every replica may run them, deleting twice is harmless.
 */
export const deleteExpired = async (
  documentStore: DocumentStore,
  collection: string,
  now: Date,
  { max = 1000, where = {} }: { max?: number; where?: Filter } = {},
) => {
  const expired = await documentStore.find(collection, { ...where, expiresAt: { $lt: now.toISOString() } }, { limit: max });
  for (const document of expired) await documentStore.deleteOne(collection, document._id);
  return expired.length;
};
