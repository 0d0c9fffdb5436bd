import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { errorHandler, type Logger } from '@vis/infrastructure';
import Koa, { type Middleware } from 'koa';
import type { ProjectionEngine } from './engine/engine.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Rebuilding is expensive, so the operators' endpoints are not public: a bearer token when one is configured,
 * else only callers on this machine.
 */
const operatorsOnly = (token: string | undefined): Middleware => async (ctx, next) => {
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

/** `/api/ops/projections`: status and lag per projection, and rebuild on demand (progress shows in the status). */
export const createOpsApi = ({ engine, logger, token }: { engine: ProjectionEngine; logger: Logger; token?: string }) => {
  const app = new Koa();
  const router = new Router();
  router.get('/api/ops/projections', async (ctx) => {
    ctx.body = { success: true, projections: await engine.report() };
  });
  router.post('/api/ops/projections/:name/rebuild', async (ctx) => {
    const name = ctx.params.name!;
    if (!engine.names().includes(name)) {
      ctx.status = 404;
      ctx.body = { success: false, error: 'Not found', message: `Unknown projection ${name}; known: ${engine.names().join(', ')}` };
      return;
    }
    void engine.rebuild(name).catch((error: unknown) => logger.error({ err: error, projection: name }, 'rebuild failed'));
    ctx.status = 202;
    ctx.body = { success: true, message: `Rebuilding ${name}` };
  });
  app.use(errorHandler(logger));
  app.use(operatorsOnly(token));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
