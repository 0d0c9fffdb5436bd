import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** A caller's (or a proxy's) own id is kept when it is a plain token, so one id follows a request across services. */
const USABLE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Every request gets an id (`X-Request-Id`, taken from the request when it has a usable one), kept in
 * `ctx.state.requestId` and answered in the response header. Commands carry it into their events' metadata, so
 * a log line of the API, the append and the projection that applied it can be matched up.
 */
export const requestIds = (): Middleware => async (ctx, next) => {
  const given = ctx.get('x-request-id');
  const requestId = USABLE_REQUEST_ID.test(given) ? given : randomUUID();
  ctx.state.requestId = requestId;
  ctx.set('X-Request-Id', requestId);
  await next();
};

/** The request's id, when `requestIds` runs before. */
export const requestIdOf = (ctx: { state: Record<string, unknown> }): string | undefined =>
  typeof ctx.state.requestId === 'string' ? ctx.state.requestId : undefined;
