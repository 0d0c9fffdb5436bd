import { createServer } from 'node:http';
import { createLogger, loadConfigOrExit, openEventStore } from '@vis/infrastructure';
import { createAccounts } from './accounts/accounts.ts';
import { issuePublicCoupon } from './accounts/public-coupon.ts';
import { createCommandApi } from './app.ts';
import { authOptionsFrom } from './auth/config.ts';
import { paymentsFromConfig } from './payments/gateway.ts';

/** The command API as its own service (distributed topology: behind nginx, on EventStoreDB). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const eventStore = openEventStore(config);
await issuePublicCoupon({ accounts: createAccounts({ eventStore }), eventStore, code: config.PUBLIC_COUPON_CODE, logger });
const app = createCommandApi({ eventStore, logger, sessionSecret: config.SESSION_SECRET, secureCookies: config.NODE_ENV === 'production', opsToken: config.OPS_TOKEN, auth: authOptionsFrom(config), payments: paymentsFromConfig(config, logger) });
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
