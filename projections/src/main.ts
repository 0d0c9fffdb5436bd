import {
  boundHeapGrowth,
  createLogger,
  createMetrics,
  createSessionStore,
  loadConfigOrExit,
  openDocumentStore,
  openEventStore,
  operatorAccessFrom,
  runService,
  siteFrom,
} from '@vis/infrastructure';
import { composeProjectionService } from './compose.ts';

/** The projection worker as its own service: EventStoreDB in, MongoDB read models out, /api/ops/* for operators. */
boundHeapGrowth();
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const eventStore = openEventStore(config, { access: 'read' });
const documentStore = await openDocumentStore(config, { shared: true });
// Operators' browsers reach `/api/ops/*` with their session: the same records the APIs keep in this database.
const operators = operatorAccessFrom(config, { secret: config.SESSION_SECRET, store: createSessionStore({ documentStore }) });
const service = composeProjectionService({ config, eventStore, documentStore, logger, operators });
await service.engine.start();
const metrics = createMetrics();
metrics.followProjections(service.engine.metricsReport);

runService({
  name: 'projections',
  host: config.HOST,
  port: config.PORT,
  site: siteFrom(config),
  logger,
  handle: service.app.callback(),
  isReady: service.engine.isCaughtUp,
  metrics: { metrics, operators },
  close: async () => {
    await service.close();
    await Promise.all([eventStore.close(), documentStore.close()]);
  },
});
