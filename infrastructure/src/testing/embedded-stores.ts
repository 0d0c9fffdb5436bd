import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectUpcasters } from '@vis/domain';
import { openLmdbDocumentStore, type DocumentStore } from '../document-store/index.ts';
import { createUpcasterRegistry, openLmdbEventStore } from '../event-store/index.ts';
import { LIVE_UPDATE_FIELDS } from '../read-models/live-fields.ts';

/**
 * Real embedded stores in a fresh temporary directory, for tests; `cleanup` closes them and removes it. `documents`
 * wraps the document store (a fault-injecting one, say).
 */
export const openTestStores = async ({ documents = (store) => store }: { documents?: (store: DocumentStore) => DocumentStore } = {}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-stores-'));
  const eventStore = openLmdbEventStore({ path: path.join(dir, 'events'), upcasters: createUpcasterRegistry(projectUpcasters) });
  const embedded = openLmdbDocumentStore({ path: path.join(dir, 'read-models'), notifiedFields: LIVE_UPDATE_FIELDS });
  return {
    dir,
    eventStore,
    documentStore: documents(embedded),
    cleanup: async () => {
      await embedded.close();
      await eventStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
