import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  apiSecurityHeaders,
  createRateLimiter,
  createSessionStore,
  DEFAULT_ABUSE_LIMITS,
  errorHandler,
  jsonBody,
  logAppErrors,
  requestIds,
  sameSiteOnly,
  sessions,
  type Abuse,
  type DocumentStore,
  type EventStore,
  type Logger,
  type Metrics,
  type OperatorAccess,
  type SessionStore,
} from '@vis/infrastructure';
import { requestBounds } from '@vis/infrastructure';
import Koa from 'koa';
import { createAccounts } from './accounts/accounts.ts';
import { registerAi, type AiOptions } from './ai/index.ts';
import { IDEMPOTENCY_KEYS_COLLECTION, idempotencyKeys, sweepIdempotencyKeys } from './idempotency-keys.ts';
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
import type { ProjectNamesOwnedBy } from './projects/unique-names.ts';

export interface CommandApiDeps {
  eventStore: EventStore;
  /** Sessions and the abuse counters live here (every replica shares them), and, by default, projects' keys. */
  documentStore: DocumentStore;
  logger: Logger;
  sessionSecret: string;
  /** Production: sign-in settings follow it (see `auth`). Cookies are Secure whenever the request came over HTTPS. */
  secureCookies: boolean;
  /** Behind a reverse proxy: the client's address and scheme come from X-Forwarded-For / -Proto. */
  trustProxy?: boolean;
  /** Default: records in `documentStore`. */
  sessionStore?: SessionStore;
  /** Default: counters in `documentStore`, the product's default limits. */
  abuse?: Abuse;
  clock?: () => Date;
  newId?: () => string;
  /** Sign-in settings; without them, Google is not configured and production follows `secureCookies`. */
  auth?: AuthOptions;
  /** Who may use the operators' endpoints (coupon issuing); by default, only loopback callers. */
  operators?: OperatorAccess;
  /** Stripe (`paymentsFromConfig`); without it the payment calls answer 503 and coupons still work. */
  payments?: PaymentsGateway;
  /** A signing-in visitor's projects from before the log listed them (the project list read model); newer ones come from the log. */
  projectsOwnedBy?: ProjectsOwnedBy;
  /** Keeps project names unique per owner (from the project list read model); absent: not checked. */
  projectNamesOwnedBy?: ProjectNamesOwnedBy;
  /** Lets a visitor who signs in keep their published marketplace ideas (from the listings read model). */
  ideasOwnedBy?: ProjectsOwnedBy;
  /** Gemini, the key vault and `/ws/ai-process`; without it, AI runs offline and projects' keys live in memory. */
  ai?: AiOptions;
  /** The process's metrics: AI calls are counted here (commands, by `observeCommands` on the store). */
  metrics?: Metrics;
}

/** Turns HTTP calls into commands. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createCommandApi = ({
  eventStore,
  documentStore,
  logger,
  sessionSecret,
  secureCookies,
  trustProxy = false,
  clock = () => new Date(),
  newId = randomUUID,
  operators = {},
  auth = { production: secureCookies },
  payments,
  ai,
  projectsOwnedBy,
  projectNamesOwnedBy,
  ideasOwnedBy,
  sessionStore = createSessionStore({ documentStore }),
  abuse = { limiter: createRateLimiter({ documentStore }), limits: DEFAULT_ABUSE_LIMITS },
  metrics,
}: CommandApiDeps) => {
  // The last X-Forwarded-For entry is the one our proxy added; earlier ones are whatever the client sent.
  const app = new Koa({ proxy: trustProxy, maxIpsCount: 1 });
  logAppErrors(app, logger);
  const router = new Router();
  const accounts = createAccounts({ eventStore });
  accountRoutes(router, { accounts, clock, newId, operators, abuse });
  const { vault, gateway } = registerAi(router, {
    eventStore,
    documentStore,
    accounts,
    logger,
    clock,
    newId,
    sessionSecret,
    sessionStore,
    abuse,
    options: ai,
    metrics,
  });
  projectRoutes(router, {
    eventStore,
    clock,
    newId,
    projectKeys: vault,
    ...(projectNamesOwnedBy ? { projectNamesOwnedBy } : {}),
  });
  feedbackRoutes(router, { eventStore, clock, newId });
  marketplaceRoutes(router, { eventStore, clock, newId, tokenSecret: sessionSecret });
  paymentRoutes(router, { accounts, payments, logger, clock, newId });
  app.use(requestIds());
  app.use(apiSecurityHeaders({ production: auth.production }));
  app.use(errorHandler(logger));
  // Before the session and the JSON parser: Stripe's signature covers the raw bytes, and Stripe needs no cookie.
  app.use(stripeWebhook({ accounts, payments, logger, clock }));
  // After the webhook (a server's signed call), before anything a cookie-carrying browser could change.
  app.use(sameSiteOnly({ publicUrl: auth.publicUrl, trustProxy, production: auth.production }));
  app.use(sessions(app, { secret: sessionSecret, store: sessionStore, abuse }));
  const adoptVisitorProjects = createVisitorProjectAdoption({
    eventStore,
    logger,
    ...(projectsOwnedBy ? { olderProjectsOwnedBy: projectsOwnedBy } : {}),
    ...(ideasOwnedBy ? { ideasOwnedBy } : {}),
  });
  app.use(authRoutes({ accounts, logger, clock, newId, options: auth, adoptVisitorProjects, headPosition: () => eventStore.headPosition() }));
  app.use(jsonBody());
  app.use(requestBounds());
  app.use(idempotencyKeys({ documentStore, clock, newId }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  const sweeping = setInterval(() => {
    void sweepIdempotencyKeys(documentStore, clock).catch((error: unknown) => logger.warn({ err: error }, 'sweeping idempotency keys failed'));
    // The Gemini keys of projects whose time in the trash is over.
    void vault.sweep(clock()).catch((error: unknown) => logger.warn({ err: error }, 'sweeping retired project keys failed'));
  }, 10 * 60_000);
  sweeping.unref();
  documentStore
    .createIndexes(IDEMPOTENCY_KEYS_COLLECTION, [{ key: { expiresAt: 1 } }])
    .catch((error: unknown) => logger.warn({ err: error }, 'creating the idempotency-key index failed'));
  // The AI gateway too: tests and the embedded server run its repair of abandoned requests on demand.
  return Object.assign(app, {
    aiGateway: gateway,
    /** Stops the timers of its sweeps and repairs (a process that closes its stores before exiting). */
    stopTimers: () => {
      clearInterval(sweeping);
      gateway.stop();
    },
  });
};
