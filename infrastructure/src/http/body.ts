import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

export const MAX_BODY_BYTES = '1mb';

/** A body that is not JSON is refused by name rather than silently read as empty. */
const requireJsonBody: Middleware = async (ctx, next) => {
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && !ctx.is('application/json')) {
    ctx.throw(415, 'Request body must be JSON (Content-Type: application/json)');
  }
  await next();
};

export const jsonBody = (): Middleware =>
  compose([requireJsonBody, bodyParser({ enableTypes: ['json'], jsonLimit: MAX_BODY_BYTES, jsonStrict: true }) as Middleware]);
