import { createServer } from 'node:http';
import {
  createLogger,
  createSessionIdentifier,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
} from '@vis/infrastructure';
import { createQueryApi } from './app.ts';
import { createTopicAuthorizer } from './live/authorize-topic.ts';
import { createLiveUpdates } from './live/live-updates.ts';

/** The query API as its own service (distributed topology: behind nginx, on MongoDB change streams). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const secureCookies = config.NODE_ENV === 'production';
const documentStore = await openDocumentStore(config);
const progress = await followProjectionProgress(documentStore);
const app = createQueryApi({ documentStore, progress, logger, sessionSecret: config.SESSION_SECRET, readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS, opsToken: config.OPS_TOKEN, publicCouponCode: config.PUBLIC_COUPON_CODE });
const live = createLiveUpdates({
  documentStore,
  progress,
  logger,
  identify: createSessionIdentifier({ secret: config.SESSION_SECRET, opsToken: config.OPS_TOKEN }),
  authorize: createTopicAuthorizer({ documentStore, progress }),
});
const handle = app.callback();
const server = createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  void handle(request, response);
});
server.on('upgrade', (request, socket, head) => {
  if (request.url?.startsWith('/ws')) live.handleUpgrade(request, socket, head);
  else socket.destroy();
});
server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'query-api listening'));
const stop = () =>
  server.close(() => void Promise.all([live.close(), progress.close()]).then(() => documentStore.close()).then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
