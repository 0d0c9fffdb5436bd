import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Whether a request comes from an operator: it presents the ops token when one is configured, else it comes
 * from this machine. A WebSocket client, which cannot set headers in a browser, may present it as `?token=`.
 */
export const isOperatorRequest = (request: IncomingMessage, token: string | undefined): boolean => {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
  return sameSecret(bearer, token) || sameSecret(query, token);
};

/** The answer to a caller who is not an operator: 401 when a token would let them in, 403 when only this machine may. */
export const operatorRefusal = (token: string | undefined) => ({
  status: token ? 401 : 403,
  body: {
    success: false as const,
    error: token ? 'Unauthorized' : 'Forbidden',
    message: token ? 'Operators only: send Authorization: Bearer <OPS_TOKEN>' : 'Operators only: set OPS_TOKEN to allow remote access',
  },
});

/**
 * Rebuilding is expensive and feedback is private, so the operators' endpoints are not public: a bearer token
 * when one is configured, else only callers on this machine.
 */
export const operatorsOnly =
  (token: string | undefined): Middleware =>
  async (ctx, next) => {
    if (isOperatorRequest(ctx.req, token)) {
      await next();
      return;
    }
    const refusal = operatorRefusal(token);
    ctx.status = refusal.status;
    ctx.body = refusal.body;
  };
