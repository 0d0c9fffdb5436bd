import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { errorHandler, jsonBody, sessions, type EventStore, type Logger } from '@vis/infrastructure';
import Koa from 'koa';
import { createAccounts } from './accounts/accounts.ts';
import { registerAi, type AiOptions } from './ai/index.ts';
import type { AuthOptions } from './auth/config.ts';
import { authRoutes } from './auth/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { marketplaceRoutes } from './marketplace/routes.ts';
import type { PaymentsGateway } from './payments/gateway.ts';
import { paymentRoutes } from './payments/routes.ts';
import { stripeWebhook } from './payments/webhook.ts';
import { createVisitorProjectAdoption, type ProjectsOwnedBy } from './projects/adopt-visitor-projects.ts';
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
  /** Guards the operators' endpoints (coupon issuing); without one, only loopback callers are operators. */
  opsToken?: string;
  /** Stripe (`paymentsFromConfig`); without it the payment calls answer 503 and coupons still work. */
  payments?: PaymentsGateway;
  /** Lets a visitor who signs in keep their projects (from the project list read model). */
  projectsOwnedBy?: ProjectsOwnedBy;
  /** Gemini, the key vault and `/ws/ai-process`; without it, AI runs offline and projects' keys live in memory. */
  ai?: AiOptions;
}

/** Turns HTTP calls into commands. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createCommandApi = ({ eventStore, logger, sessionSecret, secureCookies, clock = () => new Date(), newId = randomUUID, opsToken, auth = { production: secureCookies }, payments, ai, projectsOwnedBy }: CommandApiDeps) => {
  const app = new Koa({ proxy: true });
  const router = new Router();
  const accounts = createAccounts({ eventStore });
  accountRoutes(router, { accounts, clock, newId, opsToken });
  projectRoutes(router, { eventStore, clock, newId });
  feedbackRoutes(router, { eventStore, clock, newId });
  marketplaceRoutes(router, { eventStore, clock, newId });
  paymentRoutes(router, { accounts, payments, logger, clock, newId });
  registerAi(router, { eventStore, accounts, logger, clock, newId, sessionSecret, options: ai });
  app.use(errorHandler(logger));
  // Before the session and the JSON parser: Stripe's signature covers the raw bytes, and Stripe needs no cookie.
  app.use(stripeWebhook({ accounts, payments, logger, clock }));
  app.use(sessions(app, { secret: sessionSecret, secure: secureCookies }));
  const adoptVisitorProjects = projectsOwnedBy && createVisitorProjectAdoption({ eventStore, projectsOwnedBy, logger });
  app.use(authRoutes({ accounts, logger, clock, newId, options: auth, adoptVisitorProjects }));
  app.use(jsonBody());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
