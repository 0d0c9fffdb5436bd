import path from 'node:path';
import { projectUpcasters } from '@vis/domain';
import type { Config } from './config/config.ts';
import { LIVE_UPDATE_FIELDS } from './read-models/live-fields.ts';
import { openLmdbDocumentStore, openMongoDocumentStore, type DocumentStore, type LmdbDocumentStoreOptions } from './document-store/index.ts';
import {
  createUpcasterRegistry,
  openEventStoreDbEventStore,
  openLmdbEventStore,
  type EventStore,
  type LmdbEventStoreOptions,
} from './event-store/index.ts';

export const upcasters = createUpcasterRegistry(projectUpcasters);

/**
 * Which adapters run is decided by configuration alone: a URL set means that server, else LMDB under DATA_DIR.
 * `access: 'read'` is for a process that never appends (query-api, projections, replay): on LMDB it follows the
 * log another process appends to, so the services can run apart on one data directory, as they do on servers.
 */
export const openEventStore = (
  config: Pick<Config, 'EVENTSTORE_URL' | 'DATA_DIR'>,
  /** LMDB only: who appends, and the wake-ups between threads of one process (see openLmdbEventStore). */
  lmdb: Pick<LmdbEventStoreOptions, 'access' | 'onCommit' | 'wakeOn'> = {},
): EventStore =>
  config.EVENTSTORE_URL
    ? openEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL, upcasters })
    : openLmdbEventStore({ path: path.resolve(config.DATA_DIR, 'events'), upcasters, ...lmdb });

/**
 * `shared: true` when several processes use the store (the services run apart): on LMDB, changes then reach every
 * process's watchers through a change log, as MongoDB's change streams do. One process alone keeps them in memory.
 */
export const openDocumentStore = async (
  config: Pick<Config, 'MONGODB_URL' | 'MONGODB_DATABASE' | 'DATA_DIR'>,
  /** LMDB only: shared by several processes or threads, and their wake-ups (see openLmdbDocumentStore). */
  lmdb: Pick<LmdbDocumentStoreOptions, 'shared' | 'onCommit' | 'wakeOn' | 'commitsOnThisThread'> = {},
): Promise<DocumentStore> =>
  config.MONGODB_URL
    ? openMongoDocumentStore({ url: config.MONGODB_URL, database: config.MONGODB_DATABASE })
    : // Read models are derived from the log, which is what must survive a power cut (see syncEachWrite).
      openLmdbDocumentStore({
        path: path.resolve(config.DATA_DIR, 'read-models'),
        syncEachWrite: false,
        // Every process opens it through here, so every writer carries the same fields beside its changes.
        notifiedFields: LIVE_UPDATE_FIELDS,
        ...lmdb,
      });
