import {
  createBackoff,
  LRUCache,
  EventDecodingError,
  type RetryDelays,
  type Document,
  type DocumentStore,
  type EventStore,
  type Logger,
  type ProjectionStatus,
  type RecordedEvent,
} from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import type { BatchSubscription, SharedFeed } from './feed.ts';
import { createStreamAudit, foldEvents, ProjectionFailure, recordingLoads, writesFor, type Cache, type Stored, type StoredDoc } from './fold.ts';
import type { Statuses } from './status.ts';

export interface LiveLoopOptions {
  eventStore: EventStore;
  /** The process's one subscription to the log, which the loops follow (feed.ts). */
  feed: Pick<SharedFeed, 'subscribe'>;
  documentStore: DocumentStore;
  statuses: Statuses;
  logger: Logger;
  /** Names of the projections that have reached the head of the log as it was when they started. */
  caughtUp: Set<string>;
  batchSize: number;
  liveCacheSize: number;
  checkpointDelayMs: number;
  /** Waits before subscribing again after the subscription dropped. */
  resubscribeDelaysMs?: RetryDelays;
}

/**
 * One subscription loop per projection: catch-up from its checkpoint, then live, writing documents and checkpoint
 * in one atomic write. A projection that throws stops at that event and keeps serving its last good state.
 */
const decodingFailure = (error: EventDecodingError) => ({
  message: error.message,
  position: Number(error.position),
  eventType: error.eventType,
  streamId: error.streamId,
  revision: Number(error.revision),
});

/** How long a catch-up batch waits for more events when the subscription has none ready. */
const CATCH_UP_LINGER_MS = 10;

export const createLiveLoops = ({
  eventStore,
  feed,
  documentStore,
  statuses,
  logger,
  caughtUp,
  batchSize,
  liveCacheSize,
  checkpointDelayMs,
  resubscribeDelaysMs = { first: 100, max: 5_000 },
}: LiveLoopOptions) => {
  const running = new Map<string, { subscription: BatchSubscription; done: Promise<void>; stop: () => void }>();

  const run = async (projection: Projection, status: ProjectionStatus) => {
    const head = Number(await eventStore.headPosition());
    let position = status.position;
    const upToDate = position >= head;
    if (status.state !== (upToDate ? 'live' : 'catching_up') || status.error) {
      await statuses.write(projection.name, { state: upToDate ? 'live' : 'catching_up', error: null });
    }
    if (upToDate) caughtUp.add(projection.name);
    /** Catching up, a batch waits a moment for more (fewer, larger writes); live, it is written at once. */
    const lingerMs = () => (caughtUp.has(projection.name) ? 0 : CATCH_UP_LINGER_MS);
    const subscribe = (from: number) => feed.subscribe(BigInt(from), { maxSize: batchSize, lingerMs });
    let subscription = subscribe(status.position);
    let stopped = false;
    const backoff = createBackoff(resubscribeDelaysMs);
    // This loop is the only writer of its collection, so what it wrote last is what the store holds: keeping the
    // most recent documents saves reading and parsing them back for the next command on the same project.
    const recentlyWritten = new LRUCache<string, StoredDoc>({ max: liveCacheSize });
    const remember = (cache: Cache, dirty: Map<string, number>) => {
      for (const id of dirty.keys()) {
        const doc = cache.get(id);
        if (doc) recentlyWritten.set(id, doc);
        else recentlyWritten.delete(id);
      }
    };
    let lazyCheckpoint: NodeJS.Timeout | undefined;
    let writtenPosition = position;
    /** When this loop last wrote its checkpoint (`performance.now()`): see the ride-along in `apply`. */
    let checkpointWrittenAt = Number.NEGATIVE_INFINITY;
    const flushCheckpoint = async () => {
      if (position <= writtenPosition) return;
      const target = position;
      await statuses.write(projection.name, { position: target });
      writtenPosition = Math.max(writtenPosition, target);
      checkpointWrittenAt = performance.now();
    };
    const audit = createStreamAudit(eventStore, new Set((status.skipped ?? []).map((skipped) => skipped.position)));
    const load = async (id: string) => recentlyWritten.get(id) ?? documentStore.findOne<StoredDoc & Document>(status.collection, { _id: id });

    /** Applies a batch up to the first event the projection cannot apply, which it returns. */
    const apply = async (batch: readonly RecordedEvent[]): Promise<ProjectionFailure | undefined> => {
      const cache: Cache = new Map();
      const dirty = new Map<string, number>();
      // What the store holds of the documents the batch changes: their writes name only the fields that changed.
      const stored: Stored = new Map();
      const loadStored = recordingLoads(stored, load);
      // `evolve` never mutates its input, so a remembered document can be handed to it as it is.
      let applied = batch;
      let failure: ProjectionFailure | undefined;
      try {
        await foldEvents(projection, batch, cache, dirty, loadStored, audit);
      } catch (error) {
        if (!(error instanceof ProjectionFailure)) throw error;
        failure = error;
        // Keep what the events before the failing one produced, so the checkpoint names the failing event.
        applied = batch.slice(0, batch.indexOf(error.event));
        cache.clear();
        dirty.clear();
        await foldEvents(projection, applied, cache, dirty, loadStored, audit);
      }
      const last = applied.at(-1);
      if (last) {
        // `position` moves only once the batch is written: a write that fails is read again after resubscribing.
        const reached = Number(last.position);
        const reachingHead = reached >= head && !caughtUp.has(projection.name);
        if (dirty.size > 0 || reachingHead || failure) {
          clearTimeout(lazyCheckpoint);
          lazyCheckpoint = undefined;
          await statuses.commit(
            projection.name,
            { position: reached, ...(reachingHead ? { state: 'live' } : {}) },
            writesFor(projection, status.collection, cache, dirty, stored),
          );
          position = reached;
          writtenPosition = position;
          checkpointWrittenAt = performance.now();
          remember(cache, dirty);
          if (reachingHead) caughtUp.add(projection.name);
        } else if (lazyCheckpoint === undefined && performance.now() - checkpointWrittenAt >= checkpointDelayMs / 2) {
          // Only events this projection ignores, and its checkpoint not written lately (commands a while apart):
          // written now, it joins the commit the projections that did write make for the same batch (lmdb-js
          // commits the writes queued together as one transaction), where a timer's write later would be a commit,
          // an fsync and a wake-up of the main thread of its own: at 10 commands/s, one per command.
          position = reached;
          await flushCheckpoint();
        } else {
          position = reached;
          // Only events this projection ignores, batches close together: its checkpoint may trail for a moment
          // instead of costing a write per batch. Reads wait only on the projection that serves them, which did write.
          lazyCheckpoint ??= setTimeout(() => {
            lazyCheckpoint = undefined;
            void flushCheckpoint();
          }, checkpointDelayMs);
        }
      }
      return failure;
    };

    /**
     * A page the subscription could not decode ends it before the events ahead of the bad one were handed out:
     * apply those one by one, so that the checkpoint stops just before the event that cannot be read.
     */
    const applyUpTo = async (stop: bigint): Promise<ProjectionFailure | undefined> => {
      for (;;) {
        const [next] = await eventStore.readAll({ afterPosition: BigInt(position), maxCount: 1 }).catch((error: unknown) => {
          if (error instanceof EventDecodingError) return [];
          throw error;
        });
        if (!next || next.position >= stop) return undefined;
        const failure = await apply([next]);
        if (failure) return failure;
      }
    };

    /**
     * Follows the log until the projection stops at an event it cannot apply (or is paused). A subscription that
     * drops (EventStoreDB restarted, a leader change, a keep-alive timeout: the client never resubscribes by itself)
     * or a batch the document store could not write is not the projection's fault: it subscribes again from the last
     * written position, with a growing delay, reporting 'reconnecting' meanwhile (and not ready: readers would
     * get a stale read model while it says caught up).
     */
    const follow = async () => {
      for (;;) {
        try {
          for await (const batch of subscription.batches) {
            const failure = await apply(batch);
            if (failure) {
              await statuses.fail(projection, failure);
              await subscription.unsubscribe();
              return;
            }
            backoff.succeeded();
          }
          if (stopped) return;
          // Only a pause ends a subscription; one that ends otherwise has lost its connection as surely as one that throws.
          throw new Error('the subscription ended');
        } catch (error) {
          if (error instanceof EventDecodingError) {
            const failure = await applyUpTo(error.position);
            if (failure) await statuses.fail(projection, failure);
            else await statuses.stopAt(projection, error, decodingFailure(error));
            return;
          }
          if (stopped) return;
          logger.warn(
            { projection: projection.name, err: error, position, retryInMs: backoff.delayMs },
            'projection subscription dropped; subscribing again',
          );
          caughtUp.delete(projection.name);
          await statuses
            .write(projection.name, { state: 'reconnecting', error: { message: String(error), position, eventType: '' } })
            .catch(() => undefined);
          await subscription.unsubscribe().catch(() => undefined);
          await backoff.wait();
          if (stopped) return;
          recentlyWritten.clear();
          subscription = subscribe(position);
          const entry = running.get(projection.name);
          if (entry) entry.subscription = subscription;
          // Following again as far as anyone can tell; if the new subscription fails too, the next round says so.
          const upToDate = await eventStore.headPosition().then(
            (headNow) => position >= Number(headNow),
            () => false,
          );
          await statuses.write(projection.name, { state: upToDate ? 'live' : 'catching_up', error: null }).catch(() => undefined);
          if (upToDate) caughtUp.add(projection.name);
        }
      }
    };

    const done = (async () => {
      try {
        await follow();
      } catch (error) {
        logger.error({ projection: projection.name, err: error }, 'projection loop ended by an error');
        await statuses.write(projection.name, { state: 'failed', error: { message: String(error), position, eventType: '' } });
      } finally {
        clearTimeout(lazyCheckpoint);
        await flushCheckpoint();
      }
    })();
    running.set(projection.name, {
      subscription,
      done,
      stop: () => {
        stopped = true;
        backoff.interrupt();
      },
    });
  };

  /** Ends a projection's loop once its current batch is written; its checkpoint is then up to date. */
  const pause = async (name: string) => {
    const loop = running.get(name);
    if (!loop) return;
    running.delete(name);
    loop.stop();
    await loop.subscription.unsubscribe();
    await loop.done;
  };

  return { run, pause, pauseAll: () => Promise.all([...running.keys()].map(pause)) };
};

export type LiveLoops = ReturnType<typeof createLiveLoops>;
