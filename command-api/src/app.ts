import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { errorHandler, jsonBody, sessions, type EventStore, type Logger } from '@vis/infrastructure';
import Koa from 'koa';
import { createAccounts } from './accounts/accounts.ts';
import type { AuthOptions } from './auth/config.ts';
import { authRoutes } from './auth/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { marketplaceRoutes } from './marketplace/routes.ts';
import { projectRoutes } from './projects/routes.ts';

export interface CommandApiDeps {
  eventStore: EventStore;
  logger: Logger;
  sessionSecret: string;
  secureCookies: boolean;
  clock?: () => Date;
  newId?: () => string;
  /** Sign-in settings; without them, Google is not configured and production follows `secureCookies`. */
  auth?: AuthOptions;
}

/** Turns HTTP calls into commands. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createCommandApi = ({ eventStore, logger, sessionSecret, secureCookies, clock = () => new Date(), newId = randomUUID, auth = { production: secureCookies } }: CommandApiDeps) => {
  const app = new Koa({ proxy: true });
  const router = new Router();
  const accounts = createAccounts({ eventStore });
  projectRoutes(router, { eventStore, clock, newId });
  feedbackRoutes(router, { eventStore, clock, newId });
  marketplaceRoutes(router, { eventStore, clock, newId });
  app.use(errorHandler(logger));
  app.use(sessions(app, { secret: sessionSecret, secure: secureCookies }));
  app.use(authRoutes({ accounts, logger, clock, newId, options: auth }));
  app.use(jsonBody());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
