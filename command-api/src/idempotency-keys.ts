import { IdempotencyKeyReusedError } from '@vis/domain';
import { deleteExpired, type DocumentStore } from '@vis/infrastructure';
import type { Middleware } from 'koa';
import { commandMetadata } from './command-context.ts';

/** Which request each caller's Idempotency-Key was first sent with; shared by every command-api replica. */
export const IDEMPOTENCY_KEYS_COLLECTION = 'idempotency_keys';

/** How long a key stays bound to its first request (the IETF draft suggests at least a day). */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

type KeyDocument = { _id: string; requestDigest?: string; expiresAt?: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An Idempotency-Key names one request of one caller: its route, its stream (the path or body names it) and its
 * body, which the request digest covers. A stream remembers the command ids it handled, but only its own: the same
 * key sent to a second project would otherwise act there as a new command. Here the first request binds the key,
 * by one conditional write (two parallel first uses: one binds, the other compares), and any other request with
 * it answers 422 and writes nothing.
 */
export const idempotencyKeys = ({
  documentStore,
  clock,
  newId,
}: {
  documentStore: DocumentStore;
  clock: () => Date;
  newId: () => string;
}): Middleware => {
  const bind = async (_id: string, requestDigest: string): Promise<string> => {
    const known = await documentStore.findOne<KeyDocument>(IDEMPOTENCY_KEYS_COLLECTION, { _id });
    if (known?.requestDigest !== undefined) return known.requestDigest;
    const expiresAt = new Date(clock().getTime() + IDEMPOTENCY_KEY_KEPT_MS).toISOString();
    await documentStore.updateOne(IDEMPOTENCY_KEYS_COLLECTION, { _id }, { $inc: { uses: 0 } }, { upsert: true });
    await documentStore.updateOne(IDEMPOTENCY_KEYS_COLLECTION, { _id, requestDigest: { $exists: false } }, { $set: { requestDigest, expiresAt } });
    const bound = await documentStore.findOne<KeyDocument>(IDEMPOTENCY_KEYS_COLLECTION, { _id });
    return bound?.requestDigest ?? requestDigest;
  };

  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.get('idempotency-key')) {
      await next();
      return;
    }
    const { commandId, requestDigest } = commandMetadata(ctx, { clock, newId });
    if (requestDigest !== undefined && (await bind(commandId, requestDigest)) !== requestDigest) throw new IdempotencyKeyReusedError();
    await next();
  };
};

/** Drops keys older than they are kept (every replica may run it). */
export const sweepIdempotencyKeys = (documentStore: DocumentStore, clock: () => Date, max = 1000) =>
  deleteExpired(documentStore, IDEMPOTENCY_KEYS_COLLECTION, clock(), { max });
