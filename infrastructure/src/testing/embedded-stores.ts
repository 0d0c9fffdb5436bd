import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectUpcasters } from '@vis/domain';
import { openLmdbDocumentStore } from '../document-store/index.ts';
import { createUpcasterRegistry, openLmdbEventStore } from '../event-store/index.ts';

/** Real embedded stores in a fresh temporary directory, for tests; `cleanup` closes them and removes it. */
export const openTestStores = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-stores-'));
  const eventStore = openLmdbEventStore({ path: path.join(dir, 'events'), upcasters: createUpcasterRegistry(projectUpcasters) });
  const documentStore = openLmdbDocumentStore({ path: path.join(dir, 'read-models') });
  return {
    dir,
    eventStore,
    documentStore,
    cleanup: async () => {
      await documentStore.close();
      await eventStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
