import Router from '@koa/router';
import {
  apiSecurityHeaders,
  createRateLimiter,
  createSessionStore,
  DEFAULT_ABUSE_LIMITS,
  DEFAULT_PUBLIC_COUPON_CODE,
  errorHandler,
  logAppErrors,
  requestIds,
  sessions,
  type Abuse,
  type DocumentStore,
  type EventStore,
  type Logger,
  type OperatorAccess,
  type ProjectionProgress,
  type SessionStore,
} from '@vis/infrastructure';
import { requestBounds } from '@vis/infrastructure';
import Koa from 'koa';
import { accountQueryRoutes } from './accounts/routes.ts';
import { activityRoutes } from './analytics/activity-routes.ts';
import { analyticsRoutes, stageFunnelRoutes } from './analytics/routes.ts';
import { marketplaceQueryRoutes } from './marketplace/routes.ts';
import { projectQueryRoutes } from './projects/routes.ts';

export interface QueryApiDeps {
  documentStore: DocumentStore;
  /** Read only: a project's history and its state at a revision or a time are folded from its stream. */
  eventStore: EventStore;
  progress: ProjectionProgress;
  logger: Logger;
  sessionSecret: string;
  /** Behind a reverse proxy: the client's address and scheme come from X-Forwarded-For / -Proto. */
  trustProxy?: boolean;
  /** Production: HSTS on every answer. */
  production?: boolean;
  /** Default: records in `documentStore`. A browser's first read starts its session here as well. */
  sessionStore?: SessionStore;
  /** Default: counters in `documentStore`, the product's default limits. */
  abuse?: Abuse;
  readYourWritesTimeoutMs?: number;
  /** Who may read analytics and see the operators' screens; by default, only loopback callers. */
  operators?: OperatorAccess;
  publicCouponCode?: string;
  /** What "now" is for the trash (which deleted projects can still be restored); tests move it. */
  clock?: () => Date;
}

/** Serves read models. Built from its dependencies; `main.ts` (or the embedded server) listens. */
export const createQueryApi = ({
  documentStore,
  eventStore,
  progress,
  logger,
  sessionSecret,
  readYourWritesTimeoutMs = 2000,
  operators = {},
  publicCouponCode = DEFAULT_PUBLIC_COUPON_CODE,
  trustProxy = false,
  production = false,
  sessionStore = createSessionStore({ documentStore }),
  abuse = { limiter: createRateLimiter({ documentStore }), limits: DEFAULT_ABUSE_LIMITS },
  clock = () => new Date(),
}: QueryApiDeps) => {
  // The last X-Forwarded-For entry is the one our proxy added; earlier ones are whatever the client sent.
  const app = new Koa({ proxy: trustProxy, maxIpsCount: 1 });
  logAppErrors(app, logger);
  const router = new Router();
  projectQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, eventStore, clock });
  marketplaceQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs });
  accountQueryRoutes(router, {
    documentStore,
    progress,
    readYourWritesTimeoutMs,
    publicCouponCode,
    operators,
    visitorAiPerHour: abuse.limits.visitorAiPerHour,
  });
  analyticsRoutes(router, { documentStore, progress, operators, readYourWritesTimeoutMs });
  stageFunnelRoutes(router, { documentStore, progress, operators, readYourWritesTimeoutMs });
  activityRoutes(router, { documentStore, progress, operators, readYourWritesTimeoutMs });
  app.use(requestIds());
  app.use(apiSecurityHeaders({ production }));
  app.use(errorHandler(logger));
  app.use(sessions(app, { secret: sessionSecret, store: sessionStore, abuse }));
  app.use(requestBounds());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
