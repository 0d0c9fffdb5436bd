import { PROJECTIONS_COLLECTION, type DocumentStore, type EventStore, type Logger, type ProjectionStatus } from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import { versionedCollection } from './fold.ts';
import { createLiveLoops } from './live.ts';
import { createRebuilds, type RebuildProgress } from './rebuild.ts';
import { createStatuses } from './status.ts';

export type { RebuildProgress } from './rebuild.ts';

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

export interface ProjectionReport extends ProjectionStatus {
  head: number;
  lag: number;
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
  rebuildPageSize = 5_000,
  rebuildCacheLimit = 100_000,
  rebuildFlushEvery = 50_000,
  checkpointDelayMs = 100,
  liveCacheSize = 2_000,
}: ProjectionEngineDeps) => {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const caughtUp = new Set<string>();
  const statuses = createStatuses({ documentStore, clock, logger });
  const loops = createLiveLoops({ eventStore, documentStore, statuses, logger, caughtUp, batchSize, liveCacheSize, checkpointDelayMs });
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
  });

  const startOne = async (projection: Projection) => {
    const status = await statuses.read(projection.name);
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
    if (status.version !== projection.version || status.rebuild) {
      // The serving collection was built by other code: it keeps answering while the new version builds.
      caughtUp.add(projection.name);
      void rebuilds.rebuild(projection.name, { fromScratch: false }).catch(() => undefined);
      return;
    }
    await loops.run(projection, status);
  };

  return {
    start: async () => {
      for (const projection of projections) await startOne(projection);
    },
    stop: async () => {
      await rebuilds.settle();
      await loops.pauseAll();
    },
    /** Resumes a failed projection from the event it stopped at (after the code was fixed and redeployed). */
    resume: async (name: string) => {
      const projection = byName.get(name);
      const status = await statuses.read(name);
      if (!projection || !status) throw new Error(`unknown projection ${name}`);
      await loops.pause(name);
      await loops.run(projection, status);
    },
    rebuild: rebuilds.rebuild,
    names: () => [...byName.keys()],
    onRebuildProgress: (listener: (progress: RebuildProgress) => void) => rebuilds.onProgress(listener),
    /** True once every projection has caught up with the log as it was when it started (or serves while rebuilding). */
    isCaughtUp: () => projections.every((projection) => caughtUp.has(projection.name)),
    report: async (): Promise<ProjectionReport[]> => {
      const head = Number(await eventStore.headPosition());
      const documents = await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
      return documents.filter((status) => byName.has(status._id)).map((status) => ({ ...status, head, lag: Math.max(0, head - status.position) }));
    },
  };
};

export type ProjectionEngine = ReturnType<typeof createProjectionEngine>;
