import { open } from 'lmdb';
import { uncheckedEventTypes } from './decoding.ts';
import { openLmdbEventStore } from './lmdb-event-store.ts';

export interface BenchmarkAppendsOptions {
  /** A directory for a store of its own; the caller removes it afterwards. */
  path: string;
  writers?: number;
  durationMs: number;
}

export interface BenchmarkAppendsResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

/**
 * `writers` concurrent writers, each appending single events to a stream of its own (revision 0, 1, 2…) until the
 * time is up; only resolved appends count.
 */
const measureWriters = async (
  { writers = 64, durationMs }: BenchmarkAppendsOptions,
  append: (writer: number, revision: number) => Promise<unknown>,
  close: () => Promise<void>,
): Promise<BenchmarkAppendsResult> => {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const write = async (writer: number) => {
    for (let revision = 0; performance.now() < deadline; revision++) {
      const before = performance.now();
      await append(writer, revision);
      latencies.push(performance.now() - before);
    }
  };
  try {
    await Promise.all(Array.from({ length: writers }, (_, writer) => write(writer)));
  } finally {
    await close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    events: latencies.length,
    seconds,
    eventsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
};

const payload = (writer: number, revision: number) => ({ writer, revision, note: 'a short payload' });

/**
 * Durable acknowledged appends per second on the embedded store: each writer appends with the exact expected
 * revision, the way command handling does.
 */
export async function benchmarkAppends(options: BenchmarkAppendsOptions): Promise<BenchmarkAppendsResult> {
  const store = openLmdbEventStore({ path: options.path, events: uncheckedEventTypes });
  return measureWriters(
    options,
    (writer, revision) =>
      store.appendToStream(`bench-${writer}`, [{ id: `${writer}-${revision}`, type: 'BenchmarkEventAppended', data: payload(writer, revision) }], {
        expectedRevision: revision === 0 ? 'no_stream' : BigInt(revision - 1),
      }),
    () => store.close(),
  );
}

/**
 * The appends' baseline, measured in the same run: raw LMDB, the same writers, as durable as the store
 * (`overlappingSync: false`), each append one JSON record put into the log and its stream's head checked and moved
 * with `ifVersion` (DESIGN.md's "LMDB put with an ifVersion stream-head check"). What the store adds over it is its
 * own work: the envelope, the stream index, the decoded cache, its queue.
 */
export async function benchmarkRawLmdbAppends(options: BenchmarkAppendsOptions): Promise<BenchmarkAppendsResult> {
  const root = open({ path: options.path, overlappingSync: false });
  const log = root.openDB<string, number>('events', { encoding: 'string' });
  const heads = root.openDB<number, string>('heads', { useVersions: true });
  for (let writer = 0; writer < (options.writers ?? 64); writer++) await heads.put(`bench-${writer}`, 0, 0);
  let position = 0;
  return measureWriters(
    options,
    async (writer, revision) => {
      const streamId = `bench-${writer}`;
      const record = JSON.stringify({
        id: `${writer}-${revision}`,
        streamId,
        revision,
        type: 'BenchmarkEventAppended',
        data: payload(writer, revision),
        metadata: {},
        createdAt: new Date().toISOString(),
      });
      const key = ++position;
      const moved = await heads.ifVersion(streamId, revision, () => {
        void log.put(key, record);
        void heads.put(streamId, revision + 1, revision + 1);
      });
      if (!moved) throw new Error(`stream ${streamId} moved under its only writer`);
    },
    () => root.close(),
  );
}
