import { createHash } from 'node:crypto';
import { ValidationError, type CommandMetadata } from '@vis/domain';
import { actorOf, requestIdOf, uuidFrom } from '@vis/infrastructure';
import type { Context } from 'koa';

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** JSON with every object's keys in order, so that the same body sent in another key order digests the same. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  ) ?? 'null';

/** What a request asks for: its method, path and body (a missing body is an empty one, as the routes read it). */
export const requestDigestOf = (ctx: Context): string =>
  createHash('sha256')
    .update(`${ctx.method}\n${ctx.path}\n${canonicalJson(ctx.request.body ?? {})}`)
    .digest('base64url');

/**
 * Metadata for a command from its request: who asks, when, and the command id. A client that may retry sends
 * `Idempotency-Key`; the same key from the same actor is the same command, so a retry never acts twice. The
 * request's digest goes with it: the same key with a different request is refused (422), not answered as done.
 */
export const commandMetadata = (ctx: Context, { clock, newId }: { clock: () => Date; newId: () => string }): CommandMetadata => {
  const actorId = actorOf(ctx);
  const key = ctx.get('idempotency-key');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ValidationError('Idempotency-Key', `Idempotency-Key: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  const requestId = requestIdOf(ctx);
  const traced = requestId === undefined ? {} : { requestId };
  if (!key) return { commandId: newId(), actorId, now: clock().toISOString(), ...traced };
  const commandId = createHash('sha256').update(`${actorId}\n${key}`).digest('base64url');
  return { commandId, actorId, now: clock().toISOString(), requestDigest: requestDigestOf(ctx), ...traced };
};

/** A new aggregate id that a retried create (same command id) gets again, so the retry lands on the same stream. */
export const idFromCommand = (commandId: string) => uuidFrom(`id:${commandId}`);
