import { createServer } from 'node:http';
import { ConfigError, createLogger, loadConfig, openEventStore } from '@vis/infrastructure';
import { createCommandApi } from './app.ts';

/** The command API as its own service (distributed topology: behind nginx, on EventStoreDB). */
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
})();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const eventStore = openEventStore(config);
const app = createCommandApi({ eventStore, logger, sessionSecret: config.SESSION_SECRET, secureCookies: config.NODE_ENV === 'production' });
const handle = app.callback();
const server = createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  void handle(request, response);
});
server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'command-api listening'));
const stop = () => server.close(() => void eventStore.close().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
