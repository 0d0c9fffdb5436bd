import {
  abuseLimitsFrom,
  createLogger,
  createVisitorRecords,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
  runService,
} from '@vis/infrastructure';
import { composeQueryService } from './compose.ts';

/** The query API as its own service (distributed topology: behind nginx, on MongoDB change streams). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const documentStore = await openDocumentStore(config);
const progress = await followProjectionProgress(documentStore);
const visitors = createVisitorRecords({ documentStore, limits: abuseLimitsFrom(config), logger });
const service = composeQueryService({ config, documentStore, progress, logger, sessionStore: visitors.sessionStore, abuse: visitors.abuse });
runService({
  name: 'query-api',
  host: config.HOST,
  port: config.PORT,
  logger,
  handle: service.app.callback(),
  // runService closes these itself, before the stores.
  webSockets: service.webSockets,
  close: async () => {
    visitors.close();
    await progress.close();
    await documentStore.close();
  },
});
