import type { ProjectionStatusFields } from '@vis/domain';
import type { Document, DocumentStore } from '../document-store/document-store.ts';
import type { EventStore } from '../event-store/event-store.ts';
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
  /**
   * Given, a wait for a position passes the events after the projection's checkpoint that it does not handle: it
   * waits for the newest one it does. A projection writes its checkpoint after events it ignores lazily, within
   * 100 ms (projections/src/engine/live.ts), and a wait for such an event's position waited that long for nothing:
   * a visitor's create answers with the position of its project-list event, which no project read model handles,
   * so the read after every create, and a create's name check right after another, took 100 ms more.
   */
  ignoredEvents?: {
    eventStore: Pick<EventStore, 'readAll'>;
    /** The event types the projection of that name handles; undefined: unknown, so every event counts. */
    handles: (projection: string) => ReadonlySet<string> | undefined;
  };
}

/**
 * How many events past a projection's checkpoint a wait reads to find the newest it handles: one or two in practice
 * (a command's other events). A projection further behind is waited for at the position itself, as without
 * `ignoredEvents`: it has real work to do first.
 */
const IGNORED_LOOK_AHEAD = 16;

/**
 * Follows the projections' status documents through the document store's change feed, so that a query API
 * in another process (distributed mode) knows the serving collections and positions as well as one sharing
 * the projection engine's process, through the feed's failures (`followChanges`).
 */
export const followProjectionProgress = async (
  documentStore: DocumentStore,
  { logger, retryDelaysMs, ignoredEvents }: FollowOptions = {},
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

  const reachedOf = (name: string) => statuses.get(name)?.position ?? 0;

  /** The position that stands for `position` in a wait (see `ignoredEvents`): never past it, never below the checkpoint. */
  const positionToWaitFor = async (name: string, position: number): Promise<number> => {
    const handles = ignoredEvents?.handles(name);
    if (!handles) return position;
    const reached = reachedOf(name);
    try {
      const events = await ignoredEvents!.eventStore.readAll({ afterPosition: BigInt(reached), maxCount: IGNORED_LOOK_AHEAD });
      let handled = reached;
      for (const event of events) {
        const at = Number(event.position);
        if (at > position) break;
        if (handles.has(event.type)) handled = at;
        // Only once the read has reached the position itself: a position no event holds is waited for as it is.
        if (at === position) return handled;
      }
    } catch {
      // an event that cannot be read is the projection's to report: the wait is for the position as asked
    }
    return position;
  };

  const waitUntilApplied = (name: string, position: number, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
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

  return {
    collectionFor: (name) => statuses.get(name)?.collection ?? `${name}_missing`,
    status: (name) => statuses.get(name),
    all: () => [...statuses.values()],
    waitFor: async (name, position, timeoutMs) => {
      if (reachedOf(name) >= position) return true;
      const target = await positionToWaitFor(name, position);
      // read anew: the projection may have moved on while the log was read
      if (reachedOf(name) >= target) return true;
      return waitUntilApplied(name, target, timeoutMs);
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
