import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCommandApi } from '@vis/command-api';
import { createSessionStore, followProjectionProgress, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { createProjectionEngine, type Projection } from '@vis/projections';
import request from 'supertest';
import { createQueryApi } from '@vis/query-api';

const SECRET = 's'.repeat(32);

/**
 * The command API, the given projections and the query API on one set of embedded stores, behind one handler
 * that routes like the embedded server (reads to the query API), so one cookie jar is one browser.
 */
export const openCommandQueryStack = async ({
  projections,
  clock,
  ai,
}: {
  projections: readonly Projection[];
  clock: () => Date;
  /** The command API's AI (a fake Gemini); without it, AI runs offline. */
  ai?: Parameters<typeof createCommandApi>[0]['ai'];
}) => {
  const stores = await openTestStores();
  const logger = silentLogger();
  let engine = createProjectionEngine({ ...stores, projections: [...projections], logger });
  await engine.start();
  const progress = await followProjectionProgress(stores.documentStore);
  const sessionStore = createSessionStore({ documentStore: stores.documentStore });
  const commands = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    sessionStore,
    logger,
    sessionSecret: SECRET,
    secureCookies: false,
    clock,
    ai,
  }).callback();
  const queries = createQueryApi({
    documentStore: stores.documentStore,
    eventStore: stores.eventStore,
    sessionStore,
    progress,
    logger,
    sessionSecret: SECRET,
  }).callback();
  const handler = (req: IncomingMessage, res: ServerResponse) => void (req.method === 'GET' ? queries : commands)(req, res);
  return {
    browser: () => request.agent(handler),
    /** One request with no cookie jar: the test sets every header itself (a copy of a cookie someone kept, say). */
    request: () => request(handler),
    /** Every event written, in order. */
    events: () => stores.eventStore.readAll(),
    progress,
    /** Stops the projections and starts these instead on the same stores, as a deploy of new projection code does. */
    restartProjections: async (next: readonly Projection[]) => {
      await engine.stop();
      engine = createProjectionEngine({ ...stores, projections: [...next], logger });
      await engine.start();
    },
    close: async () => {
      await engine.stop();
      await progress.close();
      await stores.cleanup();
    },
  };
};
