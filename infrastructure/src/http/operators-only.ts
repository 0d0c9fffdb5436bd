import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Rebuilding is expensive, so the operators' endpoints are not public: a bearer token when one is configured,
 * else only callers on this machine.
 */
export const operatorsOnly = (token: string | undefined): Middleware => async (ctx, next) => {
  if (token) {
    const given = Buffer.from(ctx.get('authorization').replace(/^Bearer /i, ''));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      ctx.status = 401;
      ctx.body = { success: false, error: 'Unauthorized', message: 'Operators only: send Authorization: Bearer <OPS_TOKEN>' };
      return;
    }
  } else if (!LOOPBACK.has(ctx.req.socket.remoteAddress ?? '')) {
    ctx.status = 403;
    ctx.body = { success: false, error: 'Forbidden', message: 'Operators only: set OPS_TOKEN to allow remote access' };
    return;
  }
  await next();
};

