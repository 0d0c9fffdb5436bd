import { createLogger, loadConfigOrExit, openDocumentStore, openEventStore, runService } from '@vis/infrastructure';
import { createProjectionEngine } from './engine/engine.ts';
import { createOpsApi } from './ops-app.ts';
import { allProjections } from './read-models/index.ts';

/** The projection worker as its own service: EventStoreDB in, MongoDB read models out, /api/ops/* for operators. */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const eventStore = openEventStore(config);
const documentStore = await openDocumentStore(config);
const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger });
await engine.start();

runService({
  name: 'projections',
  host: config.HOST,
  port: config.PORT,
  logger,
  handle: createOpsApi({ engine, logger, token: config.OPS_TOKEN }).callback(),
  isReady: engine.isCaughtUp,
  close: async () => {
    await engine.stop();
    await Promise.all([eventStore.close(), documentStore.close()]);
  },
});
