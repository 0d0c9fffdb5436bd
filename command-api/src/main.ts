import {
  abuseLimitsFrom,
  createLogger,
  createMetrics,
  createVisitorRecords,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
  observeCommands,
  keepSnapshots,
  documentSnapshotStore,
  openEventStore,
  runService,
  siteFrom,
} from '@vis/infrastructure';
import { createAccounts } from './accounts/accounts.ts';
import { issuePublicCoupon } from './accounts/public-coupon.ts';
import { composeCommandService } from './compose.ts';

/** The command API as its own service (distributed topology: behind nginx, on EventStoreDB). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const eventStore = openEventStore(config);
const documentStore = await openDocumentStore(config, { shared: true });
const progress = await followProjectionProgress(documentStore, { logger });
// Sessions and abuse counters in the document store: every replica of every service sees the same ones.
const metrics = createMetrics();
observeCommands(eventStore, metrics.commandObserver);
keepSnapshots(eventStore, documentSnapshotStore(documentStore), {
  onError: (err, streamId) => logger.warn({ err, streamId }, 'a snapshot of a stream could not be kept'),
});
const visitors = createVisitorRecords({ documentStore, limits: abuseLimitsFrom(config), logger, metrics });
await issuePublicCoupon({ accounts: createAccounts({ eventStore }), eventStore, code: config.PUBLIC_COUPON_CODE, logger });
const service = composeCommandService({
  config,
  eventStore,
  documentStore,
  progress,
  logger,
  sessionStore: visitors.sessionStore,
  abuse: visitors.abuse,
  metrics,
});
runService({
  name: 'command-api',
  host: config.HOST,
  port: config.PORT,
  site: siteFrom(config),
  logger,
  handle: service.app.callback(),
  // runService closes these itself, before the stores.
  webSockets: service.webSockets,
  metrics: { metrics, operators: service.operators },
  close: async () => {
    visitors.close();
    await Promise.all([eventStore.close(), progress.close(), documentStore.close()]);
  },
});
