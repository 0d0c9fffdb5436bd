import Router from '@koa/router';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  apiSecurityHeaderList,
  apiSecurityHeaders,
  createSessionShortcut,
  createRateLimiter,
  createSessionStore,
  DEFAULT_ABUSE_LIMITS,
  DEFAULT_PUBLIC_COUPON_CODE,
  errorHandler,
  logAppErrors,
  requestIdFor,
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
import { readModels } from '@vis/domain';
import { accountQueryRoutes } from './accounts/routes.ts';
import { activityRoutes } from './analytics/activity-routes.ts';
import { analyticsRoutes, stageFunnelRoutes } from './analytics/routes.ts';
import { marketplaceQueryRoutes } from './marketplace/routes.ts';
import { projectQueryRoutes } from './projects/routes.ts';
import { minPositionApplied } from './read-your-writes.ts';

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

/** `GET /api/projects/<id>` as the router matches it, for ids that need no decoding and pass `requestBounds` as they are. */
const OWN_PROJECT_PATH = /^\/api\/projects\/([\w-]{1,200})$/;

/**
 * Whether an If-None-Match value names `etag` as `fresh` (Koa's `ctx.fresh`) reads it: a comma-separated list
 * whose entries lose their outer spaces, a weak `W/` on either side matching.
 */
const namesEtag = (header: string, etag: string) =>
  header.split(',').some((entry) => {
    const token = entry.replace(/^ +| +$/g, '');
    return token === etag || token === `W/${etag}` || `W/${token}` === etag;
  });

type Shortcut = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/**
 * Koa, with a shortcut tried first by every server built from `callback()` (the services, the embedded server,
 * the tests): it answers the requests it is sure of and hands every other to the full stack, untouched.
 */
class QueryApp extends Koa {
  shortcut: Shortcut = async () => false;

  override callback(): ReturnType<Koa['callback']> {
    const full = super.callback();
    // Served over HTTP/1 only (Node's http server everywhere this app is listened on).
    return (request, response) =>
      this.shortcut(request as IncomingMessage, response as ServerResponse).then(
        (answered) => (answered ? undefined : full(request, response)),
        // Nothing is written before the shortcut is sure: the full stack answers (or reports) the failure.
        () => (response.headersSent ? undefined : full(request, response)),
      );
  }
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
  const app = new QueryApp({ proxy: trustProxy, maxIpsCount: 1 });
  logAppErrors(app, logger);
  const router = new Router();
  const projects = projectQueryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, eventStore, clock });
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

  // The hottest read, a page loading or refetching its project, without Koa's context, koa-session's round trip
  // and the router's scan: for a request the stack above would answer 200 or 304 with no other effect (an
  // established session, the caller's own project, no read-your-writes wait), the same answer with the same headers
  // in the same order (request id, security headers, ETag, then type and length on a 200). Anything else (no or a
  // revoked session, someone else's or a missing project, an X-Min-Position the read model has not reached or that
  // is malformed, a condition other than a plain If-None-Match, a query string, HEAD, an encoded id) goes through
  // the stack, which also answers every error and every wait.
  // One list of headers per status, filled in per answer: writeHead turns it into the header text at once and keeps
  // nothing of it, and nothing runs between the filling and that call, so no answer sees another's values.
  const notModified = ['X-Request-Id', '', ...apiSecurityHeaderList({ production }).flat(), 'ETag', ''];
  const ok = [...notModified, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', ''];
  const REQUEST_ID = 1;
  const ETAG = notModified.length - 1;
  const LENGTH = ok.length - 1;
  const actorOf = createSessionShortcut({ secret: sessionSecret, store: sessionStore });
  app.shortcut = async (request, response) => {
    if (request.method !== 'GET') return false;
    const id = OWN_PROJECT_PATH.exec(request.url ?? '')?.[1];
    const { headers } = request;
    if (!id || !minPositionApplied(headers['x-min-position'], progress, readModels.projects)) return false;
    const condition = headers['if-none-match'];
    // Koa decides 304 with `fresh`, which also reads If-Modified-Since and the request's Cache-Control: rare
    // from the web app, so left to the stack rather than repeated here, and so is If-None-Match: *.
    if ((condition !== undefined && (condition === '*' || headers['cache-control'] !== undefined)) || headers['if-modified-since'] !== undefined) {
      return false;
    }
    const actor = await actorOf(request);
    const answer = actor === undefined ? undefined : await projects.ownProjectAnswer(id, actor);
    if (!answer) return false;
    const unchanged = condition !== undefined && namesEtag(condition, answer.etag);
    const list = unchanged ? notModified : ok;
    list[REQUEST_ID] = requestIdFor(request);
    list[ETAG] = answer.etag;
    if (unchanged) {
      response.writeHead(304, list);
      response.end();
      return true;
    }
    list[LENGTH] = answer.length;
    response.writeHead(200, list);
    response.end(answer.json);
    return true;
  };
  return app;
};
