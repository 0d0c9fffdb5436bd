import {
  PROJECTIONS_COLLECTION,
  type Document,
  type DocumentStore,
  type EventStore,
  type Logger,
  type ProjectionStatus,
  type RecordedEvent,
  type Subscription,
  type WriteOperation,
} from '@vis/infrastructure';
import { batches } from './batches.ts';
import type { Projection, ReadModel } from './define-projection.ts';

export interface ProjectionEngineDeps {
  eventStore: EventStore;
  documentStore: DocumentStore;
  projections: readonly Projection[];
  logger: Logger;
  clock?: () => Date;
  /** Most events applied in one write while live or catching up. */
  batchSize?: number;
  /** Events read per page while rebuilding. */
  rebuildPageSize?: number;
  /** Documents each live projection keeps in memory after writing them. */
  liveCacheSize?: number;
  /** How long a checkpoint that only passed ignored events may trail before it is written. */
  checkpointDelayMs?: number;
  /** A rebuild keeps this many documents in memory and writes them out every `rebuildFlushEvery` events. */
  rebuildCacheLimit?: number;
  rebuildFlushEvery?: number;
}

export interface RebuildProgress {
  name: string;
  position: number;
  head: number;
  eventsPerSecond: number;
}

export interface ProjectionReport extends ProjectionStatus {
  head: number;
  lag: number;
}

type StoredDoc = ReadModel<Document> & { _position?: number };
type Cache = Map<string, StoredDoc | null>;

class ProjectionFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const versionedCollection = (projection: Projection) => `${projection.name}_v${projection.version}`;

/**
 * Runs every projection: catch-up from its checkpoint, then live, writing documents and checkpoint in one
 * atomic write. A projection that throws stops at that event and keeps serving its last good state; a
 * version bump (or an operator's rebuild) builds a fresh collection beside the serving one and switches to it
 * once it has caught up.
 */
export const createProjectionEngine = ({
  eventStore,
  documentStore,
  projections,
  logger,
  clock = () => new Date(),
  batchSize = 500,
  rebuildPageSize = 5_000,
  rebuildCacheLimit = 100_000,
  rebuildFlushEvery = 50_000,
  checkpointDelayMs = 100,
  liveCacheSize = 2_000,
}: ProjectionEngineDeps) => {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const live = new Map<string, { subscription: Subscription; done: Promise<void> }>();
  const rebuilding = new Map<string, Promise<void>>();
  const caughtUp = new Set<string>();
  const progressListeners = new Set<(progress: RebuildProgress) => void>();

  // This engine is the only writer of its projections' status documents, so it keeps them in memory and writes
  // them whole: running an update expression on every batch was a measurable share of a command's cost.
  const statuses = new Map<string, ProjectionStatus>();
  const readStatus = async (name: string) => {
    const status = await documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
    if (status) statuses.set(name, status);
    else statuses.delete(name);
    return status;
  };
  const setStatus = (name: string, fields: Partial<ProjectionStatus>): WriteOperation => {
    const updatedAt = clock().toISOString();
    const current = statuses.get(name);
    if (!current) {
      return { kind: 'update', collection: PROJECTIONS_COLLECTION, filter: { _id: name }, update: { $set: { ...fields, updatedAt } }, upsert: true };
    }
    const next = { ...current, ...fields, updatedAt };
    statuses.set(name, next);
    return { kind: 'replace', collection: PROJECTIONS_COLLECTION, document: next };
  };

  /**
   * Folds events into documents, reading each document once per call (or from `cache`). `dirty` maps each changed
   * document to the position of the last event applied to it. Events at or below a document's position were
   * applied already: at-least-once delivery is safe.
   */
  const foldEvents = async (
    projection: Projection,
    events: readonly RecordedEvent[],
    cache: Cache,
    dirty: Map<string, number>,
    load: (id: string) => Promise<StoredDoc | null>,
  ) => {
    const handled = new Set(projection.handles);
    for (const event of events) {
      if (!handled.has(event.type)) continue;
      const id = projection.documentId(event);
      if (id === null) continue;
      const position = Number(event.position);
      const doc = cache.has(id) ? cache.get(id)! : await load(id);
      if (doc && (dirty.get(id) ?? doc._position ?? 0) >= position) continue;
      let next: ReadModel<Document> | null;
      try {
        next = projection.evolve(doc, event);
      } catch (error) {
        throw new ProjectionFailure(event, error);
      }
      cache.set(id, next as StoredDoc | null);
      dirty.set(id, position);
    }
  };

  /**
   * The engine's fields are stamped when a document is written, not on every event: a rebuild folds many
   * events into a document between two writes. The cached document is the engine's own, so it is stamped in place.
   */
  const writesFor = (projection: Projection, collection: string, cache: Cache, dirty: Map<string, number>): WriteOperation[] =>
    [...dirty].map(([id, position]): WriteOperation => {
      const doc = cache.get(id) as (StoredDoc & { _id?: string; _topics?: string[] }) | null | undefined;
      if (!doc) return { kind: 'delete', collection, id };
      doc._id = id;
      doc._position = position;
      doc._topics = projection.topics(doc);
      const document = projection.derive ? { ...doc, ...projection.derive(doc) } : doc;
      return { kind: 'replace', collection, document: document as Document };
    });

  const fail = async (projection: Projection, failure: ProjectionFailure) => {
    logger.error(
      { projection: projection.name, position: Number(failure.event.position), eventType: failure.event.type, err: failure.cause },
      'projection stopped at an event it could not apply',
    );
    await documentStore.bulkWrite([
      setStatus(projection.name, {
        state: 'failed',
        error: { message: failure.message, position: Number(failure.event.position), eventType: failure.event.type },
      }),
    ]);
  };

  const runLive = async (projection: Projection, status: ProjectionStatus) => {
    const head = Number(await eventStore.headPosition());
    let position = status.position;
    const upToDate = position >= head;
    if (status.state !== (upToDate ? 'live' : 'catching_up') || status.error) {
      await documentStore.bulkWrite([setStatus(projection.name, { state: upToDate ? 'live' : 'catching_up', error: null })]);
    }
    if (upToDate) caughtUp.add(projection.name);
    const subscription = eventStore.subscribeToAll({ fromPosition: BigInt(status.position) });
    // This loop is the only writer of its collection, so what it wrote last is what the store holds: keeping the
    // most recent documents saves reading and parsing them back for the next command on the same project.
    const recentlyWritten = new Map<string, StoredDoc>();
    const remember = (cache: Cache, dirty: Map<string, number>) => {
      for (const id of dirty.keys()) {
        const doc = cache.get(id);
        recentlyWritten.delete(id);
        if (doc) recentlyWritten.set(id, doc);
      }
      while (recentlyWritten.size > liveCacheSize) recentlyWritten.delete(recentlyWritten.keys().next().value!);
    };
    let lazyCheckpoint: NodeJS.Timeout | undefined;
    let writtenPosition = position;
    const flushCheckpoint = async () => {
      if (position <= writtenPosition) return;
      const target = position;
      await documentStore.bulkWrite([setStatus(projection.name, { position: target })]);
      writtenPosition = Math.max(writtenPosition, target);
    };
    const done = (async () => {
      try {
        for await (const batch of batches(subscription, batchSize)) {
          const cache: Cache = new Map();
          const dirty = new Map<string, number>();
          // `evolve` never mutates its input, so a remembered document can be handed to it as it is.
          const load = async (id: string) => recentlyWritten.get(id) ?? documentStore.findOne<StoredDoc & Document>(status.collection, { _id: id });
          let applied = batch;
          let failure: ProjectionFailure | undefined;
          try {
            await foldEvents(projection, batch, cache, dirty, load);
          } catch (error) {
            if (!(error instanceof ProjectionFailure)) throw error;
            failure = error;
            // Keep what the events before the failing one produced, so the checkpoint names the failing event.
            applied = batch.slice(0, batch.indexOf(error.event));
            cache.clear();
            dirty.clear();
            await foldEvents(projection, applied, cache, dirty, load);
          }
          const last = applied.at(-1);
          if (last) {
            position = Number(last.position);
            const reachingHead = position >= head && !caughtUp.has(projection.name);
            if (dirty.size > 0 || reachingHead || failure) {
              clearTimeout(lazyCheckpoint);
              lazyCheckpoint = undefined;
              await documentStore.bulkWrite([
                ...writesFor(projection, status.collection, cache, dirty),
                setStatus(projection.name, { position, ...(reachingHead ? { state: 'live' } : {}) }),
              ]);
              writtenPosition = position;
              remember(cache, dirty);
              if (reachingHead) caughtUp.add(projection.name);
            } else {
              // Only events this projection ignores: its checkpoint may trail for a moment instead of costing a
              // write per command. Reads wait only on the projection that serves them, which did write.
              lazyCheckpoint ??= setTimeout(() => {
                lazyCheckpoint = undefined;
                void flushCheckpoint();
              }, checkpointDelayMs);
            }
          }
          if (failure) {
            await fail(projection, failure);
            await subscription.unsubscribe();
            return;
          }
        }
      } catch (error) {
        logger.error({ projection: projection.name, err: error }, 'projection loop ended by an error');
        await documentStore.bulkWrite([setStatus(projection.name, { state: 'failed', error: { message: String(error), position, eventType: '' } })]);
      } finally {
        clearTimeout(lazyCheckpoint);
        await flushCheckpoint();
      }
    })();
    live.set(projection.name, { subscription, done });
  };

  const pause = async (name: string) => {
    const running = live.get(name);
    if (!running) return;
    live.delete(name);
    await running.subscription.unsubscribe();
    await running.done;
  };

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
    const load = async (id: string) =>
      evicted ? documentStore.findOne<StoredDoc & Document>(collection, { _id: id }) : null;
    let position = from;
    let sinceFlush = 0;
    const flush = async (extra: WriteOperation[] = []) => {
      await documentStore.bulkWrite([
        ...writesFor(projection, collection, cache, dirty),
        setStatus(projection.name, { rebuild: { collection, version: projection.version, position, startedAt: startedAt.toISOString() } }),
        ...extra,
      ]);
      dirty.clear();
      sinceFlush = 0;
      if (cache.size > rebuildCacheLimit) {
        cache.clear();
        evicted = true;
      }
    };
    const readPages = async (report: boolean) => {
      for (;;) {
        const page = await eventStore.readAll({ fromPosition: BigInt(position + 1), maxCount: rebuildPageSize });
        if (page.length === 0) return;
        await foldEvents(projection, page, cache, dirty, load);
        position = Number(page.at(-1)!.position);
        sinceFlush += page.length;
        if (sinceFlush >= rebuildFlushEvery) await flush();
        if (report) {
          const seconds = (clock().getTime() - startedAt.getTime()) / 1000;
          const head = Number(await eventStore.headPosition());
          const progress = { name: projection.name, position, head, eventsPerSecond: seconds > 0 ? (position - from) / seconds : 0 };
          for (const listener of progressListeners) listener(progress);
        }
      }
    };

    await readPages(true);
    await pause(projection.name);
    await readPages(false);
    const previous = await readStatus(projection.name);
    await flush([
      setStatus(projection.name, { collection, version: projection.version, position, rebuild: null, state: 'live', error: null }),
    ]);
    caughtUp.add(projection.name);
    if (previous && previous.collection !== collection) await documentStore.dropCollection(previous.collection);
    await runLive(projection, (await readStatus(projection.name))!);
    logger.info({ projection: projection.name, collection, position }, 'projection rebuilt and switched');
  };

  const rebuild = (name: string, { fromScratch = true } = {}): Promise<void> => {
    const projection = byName.get(name);
    if (!projection) return Promise.reject(new Error(`unknown projection ${name}; known: ${[...byName.keys()].join(', ')}`));
    const running = rebuilding.get(name);
    if (running) return running;
    const work = (async () => {
      const status = await readStatus(name);
      const resumable = !fromScratch && status?.rebuild && status.rebuild.version === projection.version;
      const collection = resumable ? status.rebuild!.collection : `${versionedCollection(projection)}_${clock().getTime().toString(36)}`;
      if (!resumable) await documentStore.dropCollection(collection);
      await buildInto(projection, collection, resumable ? status.rebuild!.position : 0, !resumable);
    })().finally(() => rebuilding.delete(name));
    rebuilding.set(name, work);
    work.catch((error: unknown) => logger.error({ projection: name, err: error }, 'rebuild failed'));
    return work;
  };

  const startOne = async (projection: Projection) => {
    const status = await readStatus(projection.name);
    if (!status) {
      await documentStore.bulkWrite([
        setStatus(projection.name, { version: projection.version, collection: versionedCollection(projection), position: 0, state: 'catching_up', error: null, rebuild: null }),
      ]);
      await runLive(projection, (await readStatus(projection.name))!);
      return;
    }
    if (status.version !== projection.version || status.rebuild) {
      // The serving collection was built by other code: it keeps answering while the new version builds.
      caughtUp.add(projection.name);
      void rebuild(projection.name, { fromScratch: false }).catch(() => undefined);
      return;
    }
    await runLive(projection, status);
  };

  return {
    start: async () => {
      for (const projection of projections) await startOne(projection);
    },
    stop: async () => {
      await Promise.allSettled([...rebuilding.values()]);
      await Promise.all([...live.keys()].map(pause));
    },
    /** Resumes a failed projection from the event it stopped at (after the code was fixed and redeployed). */
    resume: async (name: string) => {
      const projection = byName.get(name);
      const status = await readStatus(name);
      if (!projection || !status) throw new Error(`unknown projection ${name}`);
      await pause(name);
      await runLive(projection, status);
    },
    rebuild,
    names: () => [...byName.keys()],
    onRebuildProgress: (listener: (progress: RebuildProgress) => void) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    /** True once every projection has caught up with the log as it was when it started (or serves while rebuilding). */
    isCaughtUp: () => projections.every((projection) => caughtUp.has(projection.name)),
    report: async (): Promise<ProjectionReport[]> => {
      const head = Number(await eventStore.headPosition());
      const statuses = await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
      return statuses
        .filter((status) => byName.has(status._id))
        .map((status) => ({ ...status, head, lag: Math.max(0, head - status.position) }));
    },
  };
};

export type ProjectionEngine = ReturnType<typeof createProjectionEngine>;
