import Router from '@koa/router';
import { DEFAULT_PUBLIC_COUPON_CODE, errorHandler, readOnlySessions, type DocumentStore, type Logger, type ProjectionProgress } from '@vis/infrastructure';
import Koa from 'koa';
import { accountQueryRoutes } from './accounts/routes.ts';
import { analyticsRoutes, stageFunnelRoutes } from './analytics/routes.ts';
import { marketplaceQueryRoutes } from './marketplace/routes.ts';
import { projectQueryRoutes } from './projects/routes.ts';

export interface QueryApiDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  logger: Logger;
  sessionSecret: string;
  readYourWritesTimeoutMs?: number;
  opsToken?: string;
  publicCouponCode?: string;
}

/** Serves read models. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createQueryApi = ({
  documentStore,
  progress,
  logger,
  sessionSecret,
  readYourWritesTimeoutMs = 2000,
  opsToken,
  publicCouponCode = DEFAULT_PUBLIC_COUPON_CODE,
}: QueryApiDeps) => {
  const app = new Koa({ proxy: true });
  const router = new Router();
  projectQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs });
  marketplaceQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs });
  accountQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, publicCouponCode });
  analyticsRoutes(router, { documentStore, progress, opsToken, readYourWritesTimeoutMs });
  stageFunnelRoutes(router, { documentStore, progress, opsToken, readYourWritesTimeoutMs });
  app.use(errorHandler(logger));
  app.use(readOnlySessions(app, { secret: sessionSecret }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
