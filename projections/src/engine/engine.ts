import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  PROJECTIONS_COLLECTION,
  type DocumentStore,
  type EventStore,
  type Logger,
  type ProjectionStatus,
  type RetryDelays,
  type SkippedEvent,
} from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import { versionedCollection } from './fold.ts';
import { createDistributor, NotOwnerError } from './distributor.ts';
import { shareSubscriptions } from './feed.ts';
import { createInspections } from './inspect.ts';
import { createLeases, LEASES_COLLECTION, type LeaseDocument } from './leases.ts';
import { createLiveLoops } from './live.ts';
import { createRebuilds, type RebuildProgress } from './rebuild.ts';
import { createStatuses } from './status.ts';

export type { RebuildProgress } from './rebuild.ts';
export { parseAt, type AsOfReport, type DryRunReport, type VerifyReport } from './inspect.ts';

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
  /** Documents per write while rebuilding (default: well inside MongoDB's transaction limits). */
  rebuildWriteChunk?: number;
  /** How long the collection a rebuild switched readers away from stays before it is dropped (readers in other processes hear of the switch late). */
  retireAfterMs?: number;
  /** How long to wait before subscribing again after a subscription dropped. */
  resubscribeDelaysMs?: RetryDelays;
  /** How long to wait before trying a failed rebuild again. */
  rebuildRetryDelaysMs?: RetryDelays;
  /**
   * Who this engine is in the projections' leases (distributor.ts): unique per process by default. A process that
   * is alone on its stores by construction (the embedded server, the CLI working on them offline) passes a fixed
   * one, so that after a crash it takes its own leases back at once instead of waiting for them to lapse.
   */
  ownerId?: string;
  /** A lease not renewed for this long lapses and another process takes it. */
  leaseTtlMs?: number;
  /** How often leases are renewed and the work shared out again. */
  leaseRenewMs?: number;
  /**
   * Events the process's one subscription keeps for the projections behind the fastest (feed.ts): one further
   * behind reads the log on its own until it is back within them.
   */
  feedBufferSize?: number;
}

/**
 * A lag is counted event by event (EventStoreDB has no count), so it is counted no further than this: a projection
 * that far behind is rebuilding or broken, and the exact number no longer matters.
 */
/**
 * The lease owner of a process alone on its stores by construction (the embedded server, its projection thread, the
 * CLI working on them offline): a fixed id, so that after a crash the next start takes the leases back at once.
 */
export const EMBEDDED_OWNER = 'embedded';

export const LAG_COUNT_LIMIT = 100_000;

/**
 * What a `/metrics` scrape counts up to: a scrape every few seconds must cost the same however far behind the
 * projections are (counting to 100,000 decodes as many events, for each lagging projection). Past it the lag
 * gauge says "at least this"; lag in seconds tells how far behind.
 */
export const METRICS_LAG_COUNT_LIMIT = 1_000;

export interface ProjectionReport extends ProjectionStatus {
  /** The projections process whose lease runs it (null: none, until one takes it), and until when it holds. */
  owner: string | null;
  leaseExpiresAt: string | null;
  head: number;
  /** Events of the log not yet applied, counted (positions are not counts) up to LAG_COUNT_LIMIT: "at least" there. */
  lag: number;
  /**
   * How far behind in time: now minus the time of the oldest event not yet applied (0 when caught up; the time of
   * the last applied event stands in when the next one cannot be read). Null when neither can be read.
   */
  lagSeconds: number | null;
}

/**
 * Runs every projection: catch-up from its checkpoint, then live (`live.ts`), writing documents and checkpoint in
 * one atomic write. A projection that throws stops at that event and keeps serving its last good state; a
 * version bump (or an operator's rebuild) builds a fresh collection beside the serving one and switches to it
 * once it has caught up (`rebuild.ts`). Status documents: `status.ts`.
 */
export const createProjectionEngine = ({
  eventStore,
  documentStore,
  projections,
  logger,
  clock = () => new Date(),
  batchSize = 500,
  // 1,000, not 5,000: a page's decoded events are alive through every young-generation collection that falls
  // inside its fold, and are copied by each. Measured on 100,000 events: 16% less rebuild CPU; a bare scan spent
  // 0.25-0.57 s collecting garbage against 0.85-0.89 s.
  rebuildPageSize = 1_000,
  // What a rebuild holds between two writes is bounded by these two, not by the log's length: at most
  // `rebuildFlushEvery` events' documents, and the cache is let go past `rebuildCacheLimit` documents (a document
  // asked for again is read back). 2,000 and 20,000: 1,000,000-event rebuild peak RssAnon 218 MB, against 335 MB
  // with 100,000 and 50,000 (the same heap growth, see boundHeapGrowth).
  rebuildCacheLimit = 2_000,
  rebuildFlushEvery = 20_000,
  checkpointDelayMs = 100,
  liveCacheSize = 2_000,
  retireAfterMs = 30_000,
  rebuildWriteChunk,
  resubscribeDelaysMs,
  rebuildRetryDelaysMs,
  ownerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  leaseTtlMs = 10_000,
  leaseRenewMs = 2_000,
  feedBufferSize,
}: ProjectionEngineDeps) => {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const caughtUpListeners = new Set<() => void>();
  const caughtUpMayHaveChanged = () => caughtUpListeners.forEach((listener) => listener());
  const caughtUp = new ObservedSet<string>(caughtUpMayHaveChanged);
  const leases = createLeases({ documentStore, clock, owner: ownerId, ttlMs: leaseTtlMs });
  // An agent per owned projection is its live loop (live.ts) and its rebuilds (rebuild.ts); this says which.
  const distributor = createDistributor({
    leases,
    names: projections.map((projection) => projection.name),
    logger,
    clock,
    ttlMs: leaseTtlMs,
    renewEveryMs: leaseRenewMs,
    onOwned: async (name) => {
      await startOne(byName.get(name)!);
      await rebuilds.retireDue(name);
    },
    onOwnedChange: caughtUpMayHaveChanged,
    onLost: async (name) => {
      caughtUp.delete(name);
      // The batch under way ends (its write is fenced if the lease is already another's); nothing after it starts.
      await loops.pause(name);
    },
  });
  let started = false;
  const statuses = createStatuses({ documentStore, clock, logger, fence: distributor.fence });
  // Every owned projection follows the log through one subscription: each event is decoded once, not once per projection.
  const feed = shareSubscriptions(eventStore, { bufferSize: feedBufferSize, pageSize: batchSize });
  const loops = createLiveLoops({
    eventStore,
    feed,
    documentStore,
    statuses,
    logger,
    caughtUp,
    batchSize,
    liveCacheSize,
    checkpointDelayMs,
    resubscribeDelaysMs,
  });
  const rebuilds = createRebuilds({
    eventStore,
    documentStore,
    statuses,
    loops,
    logger,
    clock,
    byName,
    caughtUp,
    pageSize: rebuildPageSize,
    cacheLimit: rebuildCacheLimit,
    flushEvery: rebuildFlushEvery,
    writeChunk: rebuildWriteChunk,
    retireAfterMs,
    retryDelaysMs: rebuildRetryDelaysMs,
    owns: distributor.owns,
  });

  /**
   * How old the oldest event the projection has not applied is: the first one after its position, or, when that
   * one cannot be read (a poison event), the last one it applied.
   */
  const lagSeconds = async (position: number, now: number): Promise<number | null> => {
    const [next] = await eventStore
      .readAll({ afterPosition: BigInt(position), maxCount: 1 })
      .catch(() => (position > 0 ? eventStore.readAll({ fromPosition: BigInt(position), maxCount: 1 }).catch(() => []) : []));
    return next === undefined ? null : Math.max(0, Math.round((now - next.createdAt.getTime()) / 100) / 10);
  };

  const inspections = createInspections({
    eventStore,
    documentStore,
    statuses,
    byName,
    clock,
    logger,
    pageSize: rebuildPageSize,
    cacheLimit: rebuildCacheLimit,
    flushEvery: rebuildFlushEvery,
  });

  /** An operator's command on a projection: run here only while this process holds (or can take) its lease. */
  const acquire = async (name: string) => {
    try {
      await distributor.acquire(name);
    } catch (error) {
      if (error instanceof NotOwnerError) throw new ResumeRefusedError(error.message);
      throw error;
    }
  };

  const startOne = async (projection: Projection) => {
    const status = await statuses.read(projection.name);
    // Before readers are served from it; at every start, so an index added to a projection reaches a running system.
    await documentStore.createIndexes(status?.collection ?? versionedCollection(projection), projection.indexes ?? []);
    if (!status) {
      await statuses.write(projection.name, {
        version: projection.version,
        collection: versionedCollection(projection),
        position: 0,
        state: 'catching_up',
        error: null,
        rebuild: null,
      });
      await loops.run(projection, (await statuses.read(projection.name))!);
      return;
    }
    await loops.run(projection, status);
    if (status.version !== projection.version || status.rebuild) {
      // The serving collection was built by other code: it keeps answering, and following the log (so that a
      // reader still reads its own writes), while the new version builds beside it.
      caughtUp.add(projection.name);
      void rebuilds.rebuild(projection.name, { fromScratch: false }).catch(() => undefined);
    }
  };

  const report = async ({ lagCountLimit = LAG_COUNT_LIMIT }: { lagCountLimit?: number } = {}): Promise<ProjectionReport[]> => {
    const head = Number(await eventStore.headPosition());
    const documents = await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
    const now = clock().getTime();
    const leaseOf = new Map((await documentStore.find<LeaseDocument>(LEASES_COLLECTION)).map((lease) => [lease._id, lease]));
    const ownerOf = (name: string) => {
      const lease = leaseOf.get(name);
      const holds = lease?.owner && lease.expiresAt && Date.parse(lease.expiresAt) > now;
      return { owner: holds ? lease.owner! : null, leaseExpiresAt: holds ? lease.expiresAt! : null };
    };
    // Projections at the same position (most of them, when they follow together) share one count.
    const counts = new Map<number, Promise<number>>();
    const countAfter = (position: number) => {
      let count = counts.get(position);
      if (!count) {
        count = eventStore.countAfter(BigInt(position), lagCountLimit).catch(() => lagCountLimit);
        counts.set(position, count);
      }
      return count;
    };
    return Promise.all(
      documents
        .filter((status) => byName.has(status._id))
        .map(async (status) => ({
          ...status,
          ...ownerOf(status._id),
          head,
          lag: status.position >= head ? 0 : await countAfter(status.position),
          lagSeconds: status.position >= head ? 0 : await lagSeconds(status.position, now),
        })),
    );
  };

  return {
    /** Takes this process's share of the projections' leases and runs those (all of them when it is alone). */
    start: async () => {
      // The projections taken in the first round all subscribe before the shared subscription reads: it starts at the lowest of their positions.
      const release = feed.hold();
      try {
        await distributor.start();
      } finally {
        release();
      }
      started = true;
      caughtUpMayHaveChanged();
    },
    /** Stops applying, then gives the leases back so that another process takes them over at once. */
    stop: async () => {
      // No round may start an agent after its loops were paused; the leases go back once nothing applies them.
      await distributor.halt();
      await rebuilds.settle();
      await loops.pauseAll();
      await distributor.releaseAll();
    },
    /**
     * Resumes a failed projection from the event it stopped at (after the code was fixed and redeployed). With
     * `skip`, the operator decides to pass over exactly the event it stopped at: it must name that event's
     * position; the decision is logged and kept in the projection's status (`skipped`), and gap detection and
     * later rebuilds treat that event as applied.
     */
    resume: async (name: string, { skip, by = 'unknown operator' }: { skip?: number; by?: string } = {}) => {
      const projection = byName.get(name);
      if (!projection) throw new UnknownProjectionError(name, [...byName.keys()]);
      if (!(await statuses.read(name))) throw new ResumeRefusedError(`${name} has not started yet: nothing to resume`);
      await acquire(name);
      await loops.pause(name);
      let status = (await statuses.read(name))!;
      if (skip !== undefined) {
        const error = status.error;
        if (status.state !== 'failed' || !error) throw new ResumeRefusedError(`${name} has not stopped at an event: nothing to skip`);
        if (error.position !== skip) {
          throw new ResumeRefusedError(`${name} stopped at position ${error.position}, not ${skip}: --skip must name the event it stopped at`);
        }
        const skipped: SkippedEvent = {
          position: skip,
          eventType: error.eventType,
          ...(error.streamId === undefined ? {} : { streamId: error.streamId }),
          ...(error.revision === undefined ? {} : { revision: error.revision }),
          message: error.message,
          by,
          at: clock().toISOString(),
        };
        logger.warn({ projection: name, ...skipped }, 'operator skipped an event the projection could not apply');
        // The checkpoint was left just before this event (nothing in between is unapplied): passing it is exactly the skip.
        await statuses.write(name, { position: Math.max(status.position, skip), skipped: [...(status.skipped ?? []), skipped], error: null });
        status = (await statuses.read(name))!;
      }
      await loops.run(projection, status);
    },
    /**
     * Holds the projection's lease in this process for an operator's command, so that the ops API can refuse at
     * once (409, naming the owner) a rebuild another process must run.
     */
    claim: async (name: string) => {
      if (!byName.has(name)) throw new UnknownProjectionError(name, [...byName.keys()]);
      await acquire(name);
    },
    rebuild: async (name: string, options?: { fromScratch?: boolean }) => {
      if (!byName.has(name)) return rebuilds.rebuild(name, options);
      await acquire(name);
      return rebuilds.rebuild(name, options);
    },
    /** Rebuilds the projection aside up to its position and compares every document with the serving ones. */
    verify: inspections.verify,
    /** The projection's documents as they were at a past position or time, built aside from the log. */
    asOf: inspections.asOf,
    /** What a rebuild would read, without touching anything. */
    dryRun: inspections.dryRun,
    names: () => [...byName.keys()],
    onRebuildProgress: (listener: (progress: RebuildProgress) => void) => rebuilds.onProgress(listener),
    /**
     * True once every projection this process owns has caught up with the log as it was when it took it (or serves
     * while rebuilding); alone, it owns them all.
     */
    isCaughtUp: () => started && distributor.owned().every((name) => caughtUp.has(name)),
    /**
     * Calls `listener` whenever `isCaughtUp` may have changed (a projection caught up or fell behind, a lease taken
     * or lost), so that a watcher need not poll it; answers its removal.
     */
    onCaughtUpChange: (listener: () => void) => {
      caughtUpListeners.add(listener);
      return () => caughtUpListeners.delete(listener);
    },
    report,
    /** The report a `/metrics` scrape reads: its cost does not grow with the lag. */
    metricsReport: () => report({ lagCountLimit: METRICS_LAG_COUNT_LIMIT }),
  };
};

/** A set that tells `changed` after each change: how the engine hears its projections catch up or fall behind. */
class ObservedSet<T> extends Set<T> {
  constructor(private readonly changed: () => void) {
    super();
  }
  override add(value: T) {
    const had = this.has(value);
    super.add(value);
    if (!had) this.changed();
    return this;
  }
  override delete(value: T) {
    const had = super.delete(value);
    if (had) this.changed();
    return had;
  }
  override clear() {
    const had = this.size > 0;
    super.clear();
    if (had) this.changed();
  }
}

/** Error of a resume the engine refuses (an operator's mistake, not a fault): the ops API answers 409. */
export class ResumeRefusedError extends Error {
  override readonly name = 'ResumeRefusedError';
}

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
  constructor(name: string, known: readonly string[]) {
    super(`unknown projection ${name}; known: ${known.join(', ')}`);
  }
}

export type ProjectionEngine = ReturnType<typeof createProjectionEngine>;
