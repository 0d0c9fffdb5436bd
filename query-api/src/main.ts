import {
  abuseLimitsFrom,
  createLogger,
  createRateLimiter,
  createSessionIdentifier,
  createSessionStore,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
  runService,
} from '@vis/infrastructure';
import { createQueryApi } from './app.ts';
import { createTopicAuthorizer } from './live/authorize-topic.ts';
import { createLiveUpdates } from './live/live-updates.ts';

/** The query API as its own service (distributed topology: behind nginx, on MongoDB change streams). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const documentStore = await openDocumentStore(config);
const progress = await followProjectionProgress(documentStore);
const sessionStore = createSessionStore({ documentStore });
const abuse = { limiter: createRateLimiter({ documentStore }), limits: abuseLimitsFrom(config) };
const app = createQueryApi({ documentStore, sessionStore, abuse, trustProxy: config.TRUST_PROXY, production: config.NODE_ENV === 'production', progress, logger, sessionSecret: config.SESSION_SECRET, readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS, opsToken: config.OPS_TOKEN, publicCouponCode: config.PUBLIC_COUPON_CODE });
const live = createLiveUpdates({
  documentStore,
  progress,
  logger,
  identify: createSessionIdentifier({ secret: config.SESSION_SECRET, store: sessionStore, opsToken: config.OPS_TOKEN }),
  site: { publicUrl: config.PUBLIC_URL, trustProxy: config.TRUST_PROXY },
  authorize: createTopicAuthorizer({ documentStore, progress }),
});
runService({
  name: 'query-api',
  host: config.HOST,
  port: config.PORT,
  logger,
  handle: app.callback(),
  webSockets: { '/ws': live },
  close: async () => {
    await progress.close();
    await documentStore.close();
  },
});
