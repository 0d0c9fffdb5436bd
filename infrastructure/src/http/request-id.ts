import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

/** A caller's (or a proxy's) own id is kept when it is a plain token, so one id follows a request across services. */
const USABLE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Every request gets an id (`X-Request-Id`, taken from the request when it has a usable one), kept in
 * `ctx.state.requestId` and answered in the response header. Commands carry it into their events' metadata, so
 * a log line of the API, the append and the projection that applied it can be matched up.
 */
export const requestIds = (): Middleware => (ctx, next) => {
  // Straight from Node's request and response: this runs on every request, and Koa's accessors add nothing here.
  const requestId = requestIdFor(ctx.req);
  ctx.state.requestId = requestId;
  ctx.res.setHeader('X-Request-Id', requestId);
  return next();
};

/** The id a request is answered under: its own when usable, else a new one (also for handlers outside Koa). */
export const requestIdFor = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && USABLE_REQUEST_ID.test(given) ? given : randomUUID();
};

/** The request's id, when `requestIds` runs before. */
export const requestIdOf = (ctx: { state: Record<string, unknown> }): string | undefined =>
  typeof ctx.state.requestId === 'string' ? ctx.state.requestId : undefined;
