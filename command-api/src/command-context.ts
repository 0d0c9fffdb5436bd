import { createHash } from 'node:crypto';
import { ValidationError, type CommandMetadata } from '@vis/domain';
import { actorOf, uuidFrom } from '@vis/infrastructure';
import type { Context } from 'koa';

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/**
 * Metadata for a command from its request: who asks, when, and the command id. A client that may retry sends
 * `Idempotency-Key`; the same key from the same actor is the same command, so a retry never acts twice.
 */
export const commandMetadata = (ctx: Context, { clock, newId }: { clock: () => Date; newId: () => string }): CommandMetadata => {
  const actorId = actorOf(ctx);
  const key = ctx.get('idempotency-key');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ValidationError('Idempotency-Key', `Idempotency-Key: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  const commandId = key ? createHash('sha256').update(`${actorId}\n${key}`).digest('base64url') : newId();
  return { commandId, actorId, now: clock().toISOString() };
};

/** A new aggregate id that a retried create (same command id) gets again, so the retry lands on the same stream. */
export const idFromCommand = (commandId: string) => uuidFrom(`id:${commandId}`);
