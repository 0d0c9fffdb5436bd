import { type Document, type DocumentStore, type EventStore, type Logger, type ProjectionStatus, type RetryDelays } from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import { createStreamAudit, foldEvents, recordingLoads, versionedCollection, writesFor, type Cache, type Stored, type StoredDoc } from './fold.ts';
import { readLogPages } from './read-log.ts';
import type { LiveLoops } from './live.ts';
import type { Statuses } from './status.ts';

export interface RebuildProgress {
  name: string;
  /** Where the rebuild is and the log's head: their ratio is the share of the log read (positions are not counts). */
  position: number;
  head: number;
  /** Events read so far, and how many a second. */
  events: number;
  eventsPerSecond: number;
}

export interface RebuildOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  statuses: Statuses;
  loops: LiveLoops;
  logger: Logger;
  clock: () => Date;
  byName: ReadonlyMap<string, Projection>;
  caughtUp: Set<string>;
  pageSize: number;
  cacheLimit: number;
  flushEvery: number;
  /** Documents per write while rebuilding. */
  writeChunk?: number;
  /** How long a collection readers were switched away from stays before it is dropped. */
  retireAfterMs: number;
  /** Waits before a failed rebuild is tried again (it goes on from its last written position). */
  retryDelaysMs?: RetryDelays;
  /** Whether this process holds the projection's lease: only its owner rebuilds, follows or retires it. */
  owns: (name: string) => boolean;
}

/**
 * Blue-green rebuilds: a version bump (or an operator's rebuild) builds a fresh collection beside the serving one
 * and switches to it once it has caught up.
 */
/** Documents per write while rebuilding: well inside MongoDB's transaction limits (16 MB of operations, 60 s). */
const REBUILD_WRITE_CHUNK = 1_000;

export const createRebuilds = ({
  eventStore,
  documentStore,
  statuses,
  loops,
  logger,
  clock,
  byName,
  caughtUp,
  pageSize,
  cacheLimit,
  flushEvery,
  writeChunk = REBUILD_WRITE_CHUNK,
  retireAfterMs,
  retryDelaysMs = { first: 1_000, max: 60_000 },
  owns,
}: RebuildOptions) => {
  const rebuilding = new Map<string, Promise<void>>();
  /** Failed rebuilds waiting to be tried again: how many attempts failed in a row, and the timer of the next. */
  const retries = new Map<string, { timer?: NodeJS.Timeout; attempts: number }>();
  let stopping = false;
  /** Timers of the drops of collections readers were switched away from, by collection. */
  const retiring = new Map<string, NodeJS.Timeout>();
  /** Drops under way, so that stopping waits for them rather than closing the store under them. */
  const dropping = new Set<Promise<void>>();
  /**
   * Drops the collections readers were switched away from once every reader could have moved: a query API in
   * another process hears of a switch through a change feed (and may have looked the collection up just before),
   * so an old collection answers for a grace period. When it may go is stored with the switch (`retiring` in the
   * status), so a restart within the grace keeps it until the grace is over, and a crash never leaves it behind:
   * the next start drops what is due.
   */
  const retireDue = async (name: string) => {
    const status = await statuses.read(name);
    for (const { collection, dropAfter } of status?.retiring ?? []) {
      if (retiring.has(collection) || stopping) continue;
      const timer = setTimeout(
        () => {
          const drop = (async () => {
            // Another process took the projection over meanwhile: its own timer drops the collection.
            if (!owns(name)) return;
            await documentStore.dropCollection(collection);
            const current = await statuses.read(name);
            await statuses.commit(name, { retiring: (current?.retiring ?? []).filter((entry) => entry.collection !== collection) });
          })()
            .catch((error: unknown) => logger.error({ err: error, collection }, 'could not drop a retired collection'))
            .finally(() => {
              retiring.delete(collection);
              dropping.delete(drop);
            });
          dropping.add(drop);
        },
        Math.max(0, Date.parse(dropAfter) - clock().getTime()),
      );
      retiring.set(collection, timer);
    }
  };
  const progressListeners = new Set<(progress: RebuildProgress) => void>();

  /**
   * Builds `collection` from the start of the log (or from where an interrupted rebuild stopped), then
   * briefly pauses the live loop, applies the tail and switches readers to it in one write.
   */
  const buildInto = async (projection: Projection, collection: string, from: number, fresh: boolean) => {
    const startedAt = clock();
    const cache: Cache = new Map();
    const dirty = new Map<string, number>();
    // A fresh collection starts empty, so a document not in the cache does not exist yet: no read needed.
    let evicted = !fresh;
    // What the collection holds of the cached documents: a document written by an earlier flush is written again
    // as the fields that changed since.
    const stored: Stored = new Map();
    const load = recordingLoads(stored, async (id: string) =>
      evicted ? documentStore.findOne<StoredDoc & Document>(collection, { _id: id }) : null,
    );
    let position = from;
    let read = 0;
    let sinceFlush = 0;
    const rebuildRecord = (): NonNullable<ProjectionStatus['rebuild']> => ({
      collection,
      version: projection.version,
      position,
      events: read,
      startedAt: startedAt.toISOString(),
      error: null,
    });
    const flush = async (switchTo?: Partial<ProjectionStatus>) => {
      // In writes of bounded size (one MongoDB transaction each), then the rebuild's position: a crash between the
      // two re-applies events the documents already hold, which their per-stream revisions make no-ops.
      const documents = writesFor(projection, collection, cache, dirty, stored);
      for (let at = 0; at < documents.length; at += writeChunk) {
        await documentStore.bulkWrite([...documents.slice(at, at + writeChunk), statuses.fence(projection.name)]);
      }
      await statuses.commit(projection.name, { rebuild: rebuildRecord(), ...switchTo });
      dirty.clear();
      sinceFlush = 0;
      if (cache.size > cacheLimit) {
        cache.clear();
        stored.clear();
        evicted = true;
      }
    };
    const status = await statuses.read(projection.name);
    const audit = createStreamAudit(eventStore, new Set((status?.skipped ?? []).map((skipped) => skipped.position)));
    const readPages = async (report: boolean) => {
      for await (const page of readLogPages(eventStore, { after: position, pageSize, skipped: audit.skipped })) {
        await foldEvents(projection, page, cache, dirty, load, audit);
        position = Number(page.at(-1)!.position);
        read += page.length;
        sinceFlush += page.length;
        if (sinceFlush >= flushEvery) await flush();
        if (report) {
          const seconds = (clock().getTime() - startedAt.getTime()) / 1000;
          const head = Number(await eventStore.headPosition());
          const progress = { name: projection.name, position, head, events: read, eventsPerSecond: seconds > 0 ? read / seconds : 0 };
          for (const listener of progressListeners) listener(progress);
        }
      }
    };

    // Written before the first page, so that operators see 'rebuilding' however short the rebuild.
    await statuses.commit(projection.name, { rebuild: rebuildRecord() });
    await readPages(true);
    // After the bulk of the writes (cheaper than maintaining them throughout), before readers switch.
    await documentStore.createIndexes(collection, projection.indexes ?? []);
    await loops.pause(projection.name);
    try {
      await readPages(false);
      const previous = await statuses.read(projection.name);
      const retire =
        previous && previous.collection !== collection
          ? [{ collection: previous.collection, dropAfter: new Date(clock().getTime() + retireAfterMs).toISOString() }]
          : [];
      await flush({
        collection,
        version: projection.version,
        // The new collection holds every event up to here (the serving loop is paused, so it was no further): its
        // loop follows on from here. A projection that never ran before the rebuild has no position of its own.
        position,
        rebuild: null,
        state: 'live',
        error: null,
        retiring: [...(previous?.retiring ?? []), ...retire],
      });
      caughtUp.add(projection.name);
      await retireDue(projection.name);
    } finally {
      // Switched or not, the collection readers use keeps following the log: the stored status says which one it
      // is (a switch whose write failed after all may have committed).
      // Unless another process took the projection over meanwhile: it follows it there.
      if (owns(projection.name)) await loops.run(projection, (await statuses.read(projection.name))!);
    }
    logger.info({ projection: projection.name, collection, position }, 'projection rebuilt and switched');
  };

  /**
   * A failed rebuild is never a silent stop: its reason and the time of the next attempt are in the status
   * (operators see 'failed'), the serving collection keeps following the log, and the rebuild is tried again
   * with a growing wait, going on from its last written position.
   */
  const scheduleRetry = async (name: string, error: unknown) => {
    const retry = retries.get(name) ?? { attempts: 0 };
    retries.set(name, retry);
    retry.attempts += 1;
    const waitMs = Math.min(retryDelaysMs.first * 2 ** (retry.attempts - 1), retryDelaysMs.max);
    const now = clock();
    const status = await statuses.read(name).catch(() => null);
    if (status?.rebuild) {
      const failure = {
        message: error instanceof Error ? error.message : String(error),
        at: now.toISOString(),
        retryAt: new Date(now.getTime() + waitMs).toISOString(),
        attempts: retry.attempts,
      };
      await statuses
        .commit(name, { rebuild: { ...status.rebuild, error: failure } })
        .catch((cause: unknown) => logger.error({ projection: name, err: cause }, 'could not record a failed rebuild'));
    }
    if (stopping || !owns(name)) return;
    logger.error({ projection: name, err: error, attempts: retry.attempts, retryInMs: waitMs }, 'rebuild failed; trying again');
    retry.timer = setTimeout(() => {
      retry.timer = undefined;
      if (!stopping && owns(name)) void rebuild(name, { fromScratch: false }).catch(() => undefined);
    }, waitMs);
  };

  /** One rebuild per projection at a time: asking again while one runs answers the running one. */
  const rebuild = (name: string, { fromScratch = true } = {}): Promise<void> => {
    const projection = byName.get(name);
    if (!projection) return Promise.reject(new Error(`unknown projection ${name}; known: ${[...byName.keys()].join(', ')}`));
    const running = rebuilding.get(name);
    if (running) return running;
    const pending = retries.get(name);
    if (pending?.timer) clearTimeout(pending.timer);
    const work = (async () => {
      const status = await statuses.read(name);
      const resumable = !fromScratch && status?.rebuild && status.rebuild.version === projection.version;
      const collection = resumable ? status.rebuild!.collection : `${versionedCollection(projection)}_${clock().getTime().toString(36)}`;
      if (!resumable) await documentStore.dropCollection(collection);
      await buildInto(projection, collection, resumable ? status.rebuild!.position : 0, !resumable);
      retries.delete(name);
    })().finally(() => rebuilding.delete(name));
    rebuilding.set(name, work);
    work.catch((error: unknown) => scheduleRetry(name, error));
    return work;
  };

  return {
    rebuild,
    onProgress: (listener: (progress: RebuildProgress) => void) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    /** Waits for every running rebuild to end, however it ends. */
    settle: async () => {
      stopping = true;
      for (const retry of retries.values()) clearTimeout(retry.timer);
      await Promise.allSettled([...rebuilding.values()]);
      // A collection still in its grace stays: readers may be on it, and the next start drops it when it is due.
      for (const timer of retiring.values()) clearTimeout(timer);
      retiring.clear();
      await Promise.allSettled([...dropping]);
    },
    retireDue,
  };
};
