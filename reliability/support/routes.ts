import type Router from '@koa/router';
import { createCommandApi } from '@vis/command-api';
import { followProjectionProgress, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { createOpsApi, type ProjectionEngine } from '@vis/projections';
import { createQueryApi } from '@vis/query-api';
import type Koa from 'koa';

export interface ListedRoute {
  service: 'command-api' | 'query-api' | 'ops';
  method: string;
  path: string;
}

/** `METHOD path`, the key of the classification tables. */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** Every route of an app's routers: @koa/router's dispatch middleware carries its router. */
const routesOf = (app: Koa, service: ListedRoute['service']): ListedRoute[] =>
  app.middleware
    .flatMap((middleware) => (middleware as { router?: Router }).router?.stack ?? [])
    .flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ service, method, path: String(layer.path) })));

/**
 * Every HTTP route of the three apps as they are built for real, read from their routers, so that a route
 * added tomorrow shows up here without anyone listing it. (Middleware that answers a path by itself, like
 * Stripe's webhook, has no router entry: see MIDDLEWARE_ENDPOINTS.)
 */
export const listRoutes = async (): Promise<ListedRoute[]> => {
  const stores = await openTestStores();
  const progress = await followProjectionProgress(stores.documentStore);
  try {
    const logger = silentLogger();
    const sessionSecret = 'route-listing-secret-0123456789abcdef';
    const command = createCommandApi({
      eventStore: stores.eventStore,
      documentStore: stores.documentStore,
      logger,
      sessionSecret,
      secureCookies: false,
    });
    const query = createQueryApi({ documentStore: stores.documentStore, eventStore: stores.eventStore, progress, logger, sessionSecret });
    // Routes are registered when the app is built; the engine is only used when a route runs.
    const ops = createOpsApi({ engine: {} as ProjectionEngine, logger, operators: {} });
    return [...routesOf(command, 'command-api'), ...routesOf(query, 'query-api'), ...routesOf(ops, 'ops')];
  } finally {
    await progress.close();
    await stores.cleanup();
  }
};

/** Endpoints the embedded server answers outside any router (server/embedded.ts, command-api's webhook middleware). */
export const MIDDLEWARE_ENDPOINTS = ['POST /api/stripe/webhook', 'GET /healthz', 'GET /ws', 'GET /ws/ai-process'] as const;
