import { createServer } from 'node:http';
import { ConfigError, createLogger, loadConfig, openDocumentStore, openEventStore } from '@vis/infrastructure';
import { createProjectionEngine } from './engine/engine.ts';
import { allProjections } from './read-models/index.ts';

/** The projection worker as its own service: EventStoreDB in, MongoDB read models out. */
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
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const eventStore = openEventStore(config);
const documentStore = await openDocumentStore(config);
const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger });
await engine.start();

// Health and the operators' status report; the rebuild CLI posts here when the worker runs.
const server = createServer((request, response) => {
  const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.url === '/healthz') return reply(engine.isCaughtUp() ? 200 : 503, { status: engine.isCaughtUp() ? 'ok' : 'catching_up' });
  if (request.url === '/projections' && request.method === 'GET') return void engine.report().then((projections) => reply(200, { projections }));
  const rebuild = request.method === 'POST' && request.url?.match(/^\/projections\/([\w-]+)\/rebuild$/);
  if (rebuild) {
    void engine.rebuild(rebuild[1]!).catch(() => undefined);
    return reply(202, { success: true, message: `Rebuilding ${rebuild[1]}` });
  }
  reply(404, { success: false, message: 'Not found' });
});
server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'projections worker running'));
const stop = () => server.close(() => void engine.stop().then(() => Promise.all([eventStore.close(), documentStore.close()])).then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
