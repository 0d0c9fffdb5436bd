import type { ProjectionStatusFields } from '@vis/domain';
import type { Document, DocumentStore } from '../document-store/document-store.ts';
import { followChanges, type FollowChangesOptions } from '../document-store/follow-changes.ts';
import type { Logger } from '../logging/logger.ts';

/** One document per projection in this collection: where it has got to and which collection serves it. */
export const PROJECTIONS_COLLECTION = '_projections';

export type { ProjectionError, ProjectionState, SkippedEvent } from '@vis/domain';

/** A `_projections` document: the contract's status (domain/src/contract/projections.ts), stored. */
export interface ProjectionStatus extends Document, ProjectionStatusFields {}

/**
 * Fields the projection engine stamps on every read-model document: the last applied position (replaying an
 * event at or below it changes nothing) and the live-update topics the document belongs to.
 */
export type ReadModelMeta = {
  _position: number;
  _topics: string[];
  /**
   * Per source stream, the revision of the last event of that stream applied to this document: replaying one at or
   * below it changes nothing, and one further ahead than the next the document should see is a gap (fold.ts).
   * Absent on documents written before the engine kept it.
   */
  _streams?: Record<string, number>;
};

export interface ProjectionProgress {
  /** The collection serving a read model now. */
  collectionFor(name: string): string;
  status(name: string): ProjectionStatus | undefined;
  all(): ProjectionStatus[];
  /** Resolves true once the projection has applied `position`, false after `timeoutMs`. */
  waitFor(name: string, position: number, timeoutMs: number): Promise<boolean>;
  /** Calls back whenever a projection's status document changes (position, collection, state). */
  onChange(listener: (status: ProjectionStatus) => void): () => void;
  close(): Promise<void>;
}

export interface FollowOptions {
  /** Told when the change feed fails and is watched again. */
  logger?: Pick<Logger, 'warn'>;
  retryDelaysMs?: FollowChangesOptions['retryDelaysMs'];
}

/**
 * Follows the projections' status documents through the document store's change feed, so that a query API
 * in another process (distributed mode) knows the serving collections and positions as well as one sharing
 * the projection engine's process, through the feed's failures (`followChanges`).
 */
export const followProjectionProgress = async (
  documentStore: DocumentStore,
  { logger, retryDelaysMs }: FollowOptions = {},
): Promise<ProjectionProgress> => {
  const statuses = new Map<string, ProjectionStatus>();
  const listeners = new Set<(status: ProjectionStatus) => void>();
  const waiters = new Set<{ name: string; position: number; resolve: (ok: boolean) => void }>();

  const accept = (status: ProjectionStatus) => {
    const known = statuses.get(status._id);
    if (known && known.collection === status.collection && known.position > status.position) return;
    statuses.set(status._id, status);
    for (const waiter of waiters) {
      if (waiter.name === status._id && status.position >= waiter.position) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
    for (const listener of listeners) listener(status);
  };

  // The collection holds one small document per projection: reading it whole is the surest resume after a gap.
  const feed = followChanges({
    documentStore,
    collection: PROJECTIONS_COLLECTION,
    what: 'projections status',
    logger,
    retryDelaysMs,
    onChange: (change) => change.document && accept(change.document as ProjectionStatus),
    onWatching: async () => {
      for (const status of await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION)) accept(status);
    },
  });
  await feed.ready;

  return {
    collectionFor: (name) => statuses.get(name)?.collection ?? `${name}_missing`,
    status: (name) => statuses.get(name),
    all: () => [...statuses.values()],
    waitFor: (name, position, timeoutMs) => {
      if ((statuses.get(name)?.position ?? 0) >= position) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          name,
          position,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      await feed.close();
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
};
