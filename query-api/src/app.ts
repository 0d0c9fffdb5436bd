import Router from '@koa/router';
import { errorHandler, sessions, type DocumentStore, type Logger, type ProjectionProgress } from '@vis/infrastructure';
import Koa from 'koa';
import { projectQueryRoutes } from './projects/routes.ts';

export interface QueryApiDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  logger: Logger;
  sessionSecret: string;
  secureCookies: boolean;
  readYourWritesTimeoutMs?: number;
}

/** Serves read models. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createQueryApi = ({
  documentStore,
  progress,
  logger,
  sessionSecret,
  secureCookies,
  readYourWritesTimeoutMs = 2000,
}: QueryApiDeps) => {
  const app = new Koa({ proxy: true });
  const router = new Router();
  projectQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs });
  app.use(errorHandler(logger));
  app.use(sessions(app, { secret: sessionSecret, secure: secureCookies }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
