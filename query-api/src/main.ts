import {
  abuseLimitsFrom,
  createLogger,
  createMetrics,
  createVisitorRecords,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
  openEventStore,
  runService,
  siteFrom,
} from '@vis/infrastructure';
import { eventTypesHandledBy } from '@vis/projections';
import { composeQueryService } from './compose.ts';

/** The query API as its own service (distributed topology: behind nginx, on MongoDB change streams). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const documentStore = await openDocumentStore(config, { shared: true });
// Read only (histories, a project at a revision or a time): EventStoreDB in this topology, which many readers share.
const eventStore = openEventStore(config, { access: 'read' });
const progress = await followProjectionProgress(documentStore, { logger, ignoredEvents: { eventStore, handles: eventTypesHandledBy } });
const metrics = createMetrics();
const visitors = createVisitorRecords({ documentStore, limits: abuseLimitsFrom(config), logger, metrics });
const service = composeQueryService({
  config,
  documentStore,
  eventStore,
  progress,
  logger,
  sessionStore: visitors.sessionStore,
  abuse: visitors.abuse,
  metrics,
});
runService({
  name: 'query-api',
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
    await progress.close();
    await eventStore.close();
    await documentStore.close();
  },
});
