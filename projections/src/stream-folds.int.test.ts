import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbEventStore, uncheckedEventTypes, type EventStore, type RecordedEvent } from '@vis/infrastructure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStreamFolds, StreamFoldsBusyError, type StreamFold } from './stream-folds.ts';

/** The values of a stream's events, in order: a fold whose state shows exactly which events it folded. */
const values: StreamFold<readonly number[]> = {
  name: 'values',
  initial: () => [],
  evolve: (state, event) => [...state, (event.data as unknown as { n: number }).n],
};
const upTo = (revision: number) => ({
  from: (checkpoint: { revision: bigint }) => checkpoint.revision <= BigInt(revision),
  stop: (event: RecordedEvent) => event.revision > BigInt(revision),
});
const range = (count: number) => Array.from({ length: count }, (_, n) => n);

let dir = '';
let store: EventStore;
/** The store, counting the events each read returns. */
let read = 0;
let counted: EventStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stream-folds-'));
  store = openLmdbEventStore({ path: dir, events: uncheckedEventTypes }) as unknown as EventStore;
  for (let from = 0; from < 1_000; from += 250) {
    await store.appendToStream(
      's',
      range(250).map((n) => ({ id: crypto.randomUUID(), type: 'Counted', data: { n: from + n } })),
    );
  }
  read = 0;
  counted = {
    ...store,
    readStream: async (...args) => {
      const events = await store.readStream(...args);
      read += events.length;
      return events;
    },
  };
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('folds of a stream', () => {
  it('answer what a fold from the first event answers, in any order, and read at most a checkpoint interval and a page after the first', async () => {
    const folds = createStreamFolds(counted, { checkpointEvery: 100, pageSize: 20 });
    const first = await folds.foldStream(values, 's', upTo(999));
    expect(first).toMatchObject({ state: range(1_000), revision: 999n, reachedEnd: true });
    for (const revision of [0, 555, 99, 100, 101, 998, 999, 1_000, 5_000, 37]) {
      read = 0;
      const result = await folds.foldStream(values, 's', upTo(revision));
      const last = Math.min(revision, 999);
      expect(result.state, `revision ${revision}`).toEqual(range(last + 1));
      expect(result.revision).toBe(BigInt(last));
      expect(result.reachedEnd).toBe(revision >= 999);
      expect(read, `events read for revision ${revision}`).toBeLessThanOrEqual(100 + 20);
    }
  });

  it('goes on from where one fold stopped when its share of work was spent, so a retry finishes it', async () => {
    const folds = createStreamFolds(counted, { checkpointEvery: 1_000, maxEvents: 400, pageSize: 50 });
    await expect(folds.foldStream(values, 's', upTo(999))).rejects.toThrow(StreamFoldsBusyError);
    await expect(folds.foldStream(values, 's', upTo(999))).rejects.toThrow(StreamFoldsBusyError);
    read = 0;
    expect((await folds.foldStream(values, 's', upTo(999))).state).toEqual(range(1_000));
    expect(read).toBeLessThanOrEqual(250);
  });

  it('refuses a fold past the queue bound, and runs the ones it took', async () => {
    const folds = createStreamFolds(counted, { maxWaiting: 3, concurrency: 1 });
    const all = await Promise.allSettled(range(5).map((n) => folds.foldStream(values, 's', upTo(900 + n))));
    expect(all.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((all[3] as PromiseRejectedResult).reason).toBeInstanceOf(StreamFoldsBusyError);
    expect((all[2] as PromiseFulfilledResult<{ state: readonly number[] }>).value.state).toEqual(range(903));
  });

  it('starts again from the first event when a checkpoint is not of this log', async () => {
    const other: { log?: RecordedEvent[] } = {};
    const folds = createStreamFolds(
      {
        ...store,
        readStream: async (...args) =>
          other.log?.filter((event) => event.revision >= (args[1]?.fromRevision ?? 0n)).slice(0, args[1]?.maxCount) ?? store.readStream(...args),
      },
      { checkpointEvery: 100 },
    );
    await folds.foldStream(values, 's', upTo(999));
    // Another log with the same stream: other events at the same revisions.
    other.log = (await store.readStream('s')).map(
      (event) => ({ ...event, id: `other-${event.id}`, data: { n: -Number(event.revision) } }) as unknown as RecordedEvent,
    );
    expect((await folds.foldStream(values, 's', upTo(499))).state).toEqual(range(500).map((n) => -n));
  });
});
