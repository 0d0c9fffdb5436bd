import type Router from '@koa/router';
import type { ProjectionProgress } from '@vis/infrastructure';

/** Projection positions, versions and states for operators; lag needs the log head, which the engine supplies where it runs. */
export const opsRoutes = (router: Router, { progress, report }: { progress: ProjectionProgress; report?: () => Promise<unknown[]> }) => {
  router.get('/api/ops/projections', async (ctx) => {
    ctx.body = { success: true, projections: report ? await report() : progress.all() };
  });
};
