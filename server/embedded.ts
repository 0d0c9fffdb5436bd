import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { composeCommandService, createAccounts, issuePublicCoupon, type CommandServiceConfig, type PaymentsGateway } from '@vis/command-api';
import {
  abuseLimitsFrom,
  createMetrics,
  createVisitorRecords,
  DEFAULT_PUBLIC_COUPON_CODE,
  followProjectionProgress,
  createFrontDoor,
  logAppErrors,
  observeCommands,
  keepSnapshots,
  documentSnapshotStore,
  openDocumentStore,
  openEventStore,
  operatorAccessFrom,
  opsTokenFor,
  secretsKeyFor,
  sessions,
  siteFrom,
  webAppSecurityHeaders,
  type Config,
  type Logger,
  type SessionOptions,
} from '@vis/infrastructure';
import { composeProjectionService, createOpsApi, EMBEDDED_OWNER, eventTypesHandledBy } from '@vis/projections';
import { composeQueryService } from '@vis/query-api';
import { isAppRoute } from '@vis/domain/app-routes';
import Koa, { type Middleware } from 'koa';
import serve from 'koa-static';
import { existsSync, readFileSync } from 'node:fs';
import { startProjectionThread } from './projection-thread.ts';

/** What the command service reads, plus what only the whole process needs (where it listens, the web app, limits). */
export type EmbeddedConfig = CommandServiceConfig &
  Pick<Config, 'HOST' | 'PORT' | 'DATA_DIR' | 'READ_YOUR_WRITES_TIMEOUT_MS' | 'WEB_DIST_DIR'> &
  Partial<
    Pick<
      Config,
      | 'PUBLIC_COUPON_CODE'
      | 'RATE_LIMIT_NEW_VISITORS_PER_HOUR'
      | 'RATE_LIMIT_VISITOR_AI_PER_HOUR'
      | 'RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES'
      | 'PROJECTIONS_THREAD'
    >
  >;

/** Like nginx in the distributed topology: reads go to the query API, every other API call to the command API. */
const isQuery = (request: IncomingMessage) => (request.method === 'GET' || request.method === 'HEAD') && request.url?.startsWith('/api/');
const isApi = (url = '') => url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');

/**
 * Files under /assets/ carry their content's hash in their name: a browser keeps them for a year without asking
 * again. Every other file (robots.txt, theme.js) is revalidated. The answer varies with the encoding sent.
 */
const staticCacheHeaders = (res: ServerResponse, file: string) => {
  res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
};

/**
 * The built web app, with every non-file path answered by index.html so client-side routes survive a reload.
 * The page itself starts the browser's session, so that the app's first calls, sent in parallel, share it.
 */
const createWebApp = (distDir: string, session: SessionOptions, trustProxy: boolean, securityHeaders: Middleware, logger: Logger) => {
  const app = new Koa({ proxy: trustProxy, maxIpsCount: 1 });
  logAppErrors(app, logger);
  app.use(securityHeaders);
  const indexFile = path.join(distDir, 'index.html');
  // index.html only through the handler below, which starts the session (koa-static would serve it for `/` on its own).
  // The build writes .br and .gz beside each text file: the one the browser accepts is sent as it is.
  app.use(serve(distDir, { gzip: true, brotli: true, index: false, setHeaders: staticCacheHeaders }));
  app.use(sessions(app, session));
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The web app is not built. Run `npm run build -w web` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    // An address the app has no screen for gets the app too (it shows its 404 page), answered as what it is.
    if (!isAppRoute(ctx.path)) ctx.status = 404;
    // Revalidated on every visit (it names the current build's assets), and never kept by a shared cache: it starts a session.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.vary('Accept-Encoding');
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const compressed = encoding === 'br' || encoding === 'gzip' ? `${indexFile}.${encoding === 'br' ? 'br' : 'gz'}` : null;
    if (compressed && existsSync(compressed)) {
      ctx.set('Content-Encoding', encoding as string);
      ctx.body = readFileSync(compressed);
      return;
    }
    ctx.body = readFileSync(indexFile);
  });
  return app;
};

/**
 * The whole product in one process on LMDB under DATA_DIR: command API, projection engine, query API, live
 * updates and the web app. `npm start` runs this; the end-to-end tests and benchmarks start it on port 0.
 */
export const startEmbedded = async (
  config: EmbeddedConfig,
  logger: Logger,
  /** Stand-ins for what the configuration would build (a Stripe client pointed at a local fake, say). */
  overrides: {
    payments?: PaymentsGateway;
    /** Gemini at a local fake (tests). */
    geminiBaseUrl?: string;
  } = {},
) => {
  const dataDir = path.resolve(config.DATA_DIR);
  const secureCookies = config.NODE_ENV === 'production';
  const trustProxy = config.TRUST_PROXY ?? false;
  if (secureCookies && !trustProxy) {
    logger.warn(
      'production expects HTTPS: serve this over TLS, or set TRUST_PROXY=true behind a proxy that terminates it (its X-Forwarded-Proto then decides); over plain HTTP, cookies cannot be Secure',
    );
  }
  // PROJECTIONS_THREAD (the default): the projection engine on a worker thread, so folding events never holds up a request.
  const projectionsRunOn = (config.PROJECTIONS_THREAD ?? true) ? 'thread' : 'in-process';
  // Embedded mode means LMDB under DATA_DIR, whatever server URLs the environment may also hold. With the engine on
  // its own thread, the main thread wakes it after each append, and hears its read-model writes through the
  // documents' change log, woken by the thread after each of its commits.
  let thread: Awaited<ReturnType<typeof startProjectionThread>> | undefined;
  const threadCommitted = new Set<() => void>();
  const eventStore = openEventStore(
    { DATA_DIR: dataDir, EVENTSTORE_URL: undefined },
    projectionsRunOn === 'thread' ? { onCommit: () => thread?.appended() } : {},
  );
  const documentStore = await openDocumentStore(
    { DATA_DIR: dataDir, MONGODB_URL: undefined, MONGODB_DATABASE: '' },
    projectionsRunOn === 'thread'
      ? {
          shared: true,
          wakeOn: (follow) => {
            threadCommitted.add(follow);
            return () => threadCommitted.delete(follow);
          },
        }
      : {},
  );
  // One registry for the whole process: the three services' figures side by side on one `/metrics`.
  const metrics = createMetrics();
  observeCommands(eventStore, metrics.commandObserver);
  keepSnapshots(eventStore, documentSnapshotStore(documentStore), {
    onError: (err, streamId) => logger.warn({ err, streamId }, 'a snapshot of a stream could not be kept'),
  });
  // Before the projections start, so that they catch up past it instead of reporting it as lag for a moment.
  await issuePublicCoupon({
    accounts: createAccounts({ eventStore }),
    eventStore,
    code: config.PUBLIC_COUPON_CODE ?? DEFAULT_PUBLIC_COUPON_CODE,
    logger,
  });
  // One process: every service shares the session records and this cache, so a sign-out here is seen at once everywhere.
  const visitors = createVisitorRecords({ documentStore, limits: abuseLimitsFrom(config), logger, sessionCacheMs: 10_000, metrics });
  const { sessionStore, abuse } = visitors;
  const sessionOptions: SessionOptions = { secret: config.SESSION_SECRET, store: sessionStore, abuse };
  // OPS_TOKEN when configured, else the one generated for this data directory (the same file loadConfig and the CLIs use).
  const opsToken = opsTokenFor(dataDir, config.OPS_TOKEN);
  const operators = operatorAccessFrom({ ...config, OPS_TOKEN: opsToken }, sessionOptions);
  const site = siteFrom(config);
  if (projectionsRunOn === 'thread') {
    thread = await startProjectionThread({ dataDir, logger, onCommitted: () => threadCommitted.forEach((follow) => follow()) });
  }
  const projections = thread
    ? { engine: thread.engine, app: createOpsApi({ engine: thread.engine, logger, operators, site }), close: () => thread.engine.stop() }
    : composeProjectionService({ config, eventStore, documentStore, logger, operators, ownerId: EMBEDDED_OWNER });
  const { engine } = projections;
  await engine.start();
  metrics.followProjections(engine.metricsReport);
  const progress = await followProjectionProgress(documentStore, { logger, ignoredEvents: { eventStore, handles: eventTypesHandledBy } });

  const commands = composeCommandService({
    config: { ...config, OPS_TOKEN: opsToken },
    eventStore,
    documentStore,
    progress,
    logger,
    sessionStore,
    abuse,
    metrics,
    // Projects' own Gemini keys are kept encrypted beside the read models (not in the log), under a key kept in DATA_DIR when none is set.
    overrides: { ...overrides, secretsKey: secretsKeyFor(dataDir, config.SECRETS_KEY) },
  });
  const queries = composeQueryService({
    config: { ...config, OPS_TOKEN: opsToken },
    documentStore,
    eventStore,
    progress,
    logger,
    sessionStore,
    abuse,
    metrics,
  });
  const webSockets = new Map(Object.entries({ ...queries.webSockets, ...commands.webSockets }));
  // Stripe's hosts are allowed only where payments are on.
  const webSecurityHeaders = webAppSecurityHeaders({ production: secureCookies, payments: commands.payments });
  const web = createWebApp(path.resolve(config.WEB_DIST_DIR), sessionOptions, trustProxy, webSecurityHeaders, logger);

  const handleCommand = commands.app.callback();
  const handleQuery = queries.app.callback();
  const handleWeb = web.callback();
  const handleOps = projections.app.callback();
  // Unknown hosts (421), /healthz and /metrics first, as on every service of the topology.
  const door = createFrontDoor({ site, logger, isReady: () => engine.isCaughtUp(), metrics: { metrics, operators } });
  const server = createServer(
    door.serve((request: IncomingMessage, response: ServerResponse) => {
      if (request.url?.startsWith('/api/ops/coupons')) return void handleCommand(request, response);
      if (request.url?.startsWith('/api/ops/')) return void handleOps(request, response);
      if (isQuery(request)) return void handleQuery(request, response);
      if (isApi(request.url)) return void handleCommand(request, response);
      return void handleWeb(request, response);
    }),
  );
  server.on(
    'upgrade',
    door.upgrade((pathname) => webSockets.get(pathname)),
  );
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`,
    port,
    /** The listening server: tests watch its WebSocket upgrades (and cut them, as a dying replica would). */
    httpServer: server,
    engine,
    eventStore,
    documentStore,
    close: async () => {
      visitors.close();
      // WebSockets first: an upgraded socket still counts as an open connection, and server.close waits for it.
      await queries.close();
      await commands.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await projections.close();
      await progress.close();
      await documentStore.close();
      await eventStore.close();
    },
  };
};
