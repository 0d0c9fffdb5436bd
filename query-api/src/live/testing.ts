import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followProjectionProgress, silentLogger, type DocumentStore } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { createLiveUpdates, type LiveUpdatesDeps } from './live-updates.ts';

/**
 * `/ws` alone on a free port, over fresh embedded stores, for a visitor allowed every topic (`identify`: whose sockets they are). `feedStore` stands
 * between the live updates and the stores (a failing change feed, say). `close` ends it all.
 */
export const startLiveUpdates = async ({
  site,
  feedStore = (store) => store,
  identify = async () => ({ actor: 'visitor-ann', operator: false }),
}: {
  site?: LiveUpdatesDeps['site'];
  feedStore?: (store: DocumentStore) => DocumentStore;
  identify?: LiveUpdatesDeps['identify'];
} = {}) => {
  const stores = await openTestStores();
  const progress = await followProjectionProgress(stores.documentStore);
  const live = createLiveUpdates({
    documentStore: feedStore(stores.documentStore),
    progress,
    logger: silentLogger(),
    identify,
    authorize: async (_, topic) => topic,
    site,
  });
  const server = createServer();
  server.on('upgrade', (request, socket, head) => live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    stores,
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await progress.close();
      await stores.cleanup();
    },
  };
};
