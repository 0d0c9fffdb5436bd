import { createLogger, createMetrics, loadConfigOrExit, openDocumentStore, openEventStore, runService } from '@vis/infrastructure';
import { composeProjectionService } from './compose.ts';

/** The projection worker as its own service: EventStoreDB in, MongoDB read models out, /api/ops/* for operators. */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const eventStore = openEventStore(config);
const documentStore = await openDocumentStore(config);
const service = composeProjectionService({ config, eventStore, documentStore, logger });
await service.engine.start();
const metrics = createMetrics();
metrics.followProjections(service.engine.report);

runService({
  name: 'projections',
  host: config.HOST,
  port: config.PORT,
  logger,
  handle: service.app.callback(),
  isReady: service.engine.isCaughtUp,
  metrics: { metrics, opsToken: config.OPS_TOKEN },
  close: async () => {
    await service.close();
    await Promise.all([eventStore.close(), documentStore.close()]);
  },
});
