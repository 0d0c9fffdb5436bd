import { createServer } from 'node:http';
import { createLogger, loadConfigOrExit, openDocumentStore, openEventStore } from '@vis/infrastructure';
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

const ops = createOpsApi({ engine, logger, token: config.OPS_TOKEN }).callback();
const server = createServer((request, response) => {
  if (request.url === '/healthz') {
    const ready = engine.isCaughtUp();
    response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ok' : 'catching_up' }));
    return;
  }
  void ops(request, response);
});
server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'projections worker running'));
const stop = () => server.close(() => void engine.stop().then(() => Promise.all([eventStore.close(), documentStore.close()])).then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
