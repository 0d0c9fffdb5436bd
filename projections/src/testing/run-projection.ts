import { PROJECTIONS_COLLECTION, silentLogger, type Document, type NewEvent, type ProjectionStatus } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { vi } from 'vitest';
import type { Projection } from '../engine/define-projection.ts';
import { createProjectionEngine } from '../engine/engine.ts';

/**
 * Runs one projection through the real engine on real embedded stores: append events, wait until it has
 * applied them, read its documents, and replay everything to prove that redelivery changes nothing.
 */
export const projectionHarness = async (projection: Projection) => {
  const stores = await openTestStores();
  const engine = createProjectionEngine({ ...stores, projections: [projection], logger: silentLogger() });
  await engine.start();
  const status = () => stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: projection.name });
  const settled = async () => {
    const head = Number(await stores.eventStore.headPosition());
    await vi.waitFor(
      async () => {
        if ((await status())?.position !== head) throw new Error('projection still behind');
      },
      { timeout: 5000, interval: 5 },
    );
  };
  return {
    append: async (streamId: string, events: Omit<NewEvent, 'id'>[]) => {
      await stores.eventStore.appendToStream(
        streamId,
        events.map((event) => ({ ...event, id: crypto.randomUUID() })),
      );
      await settled();
    },
    /** The log's positions in order: the nth event's position is not n (positions are opaque). */
    positions: async () => (await stores.eventStore.readAll()).map((event) => Number(event.position)),
    find: async <T extends Document>(filter: Record<string, unknown> = {}) => stores.documentStore.find<T>((await status())!.collection, filter),
    /** Rewinds the checkpoint to the start of the log, as a crash before the checkpoint write would. */
    replayAll: async () => {
      await stores.documentStore.updateOne(PROJECTIONS_COLLECTION, { _id: projection.name }, { $set: { position: 0 } });
      await engine.resume(projection.name);
      await settled();
    },
    close: async () => {
      await engine.stop();
      await stores.cleanup();
    },
  };
};
