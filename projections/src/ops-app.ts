import Router from '@koa/router';
import { errorHandler, operatorsOnly, sameSiteOnly, type Logger } from '@vis/infrastructure';
import Koa from 'koa';
import type { ProjectionEngine } from './engine/engine.ts';

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
  // Without a token the operator is whoever is on this machine: so is a browser there, visiting any site.
  app.use(sameSiteOnly());
  app.use(operatorsOnly(token));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
