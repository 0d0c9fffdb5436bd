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
 * Durable acknowledged appends per second on the embedded store: each writer appends single events to a stream of
 * its own with the exact expected revision, the way command handling does, and counts only resolved appends.
 */
export async function benchmarkAppends({ path, writers = 64, durationMs }: BenchmarkAppendsOptions): Promise<BenchmarkAppendsResult> {
  const store = openLmdbEventStore({ path, events: uncheckedEventTypes });
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const write = async (writer: number) => {
    const streamId = `bench-${writer}`;
    for (let revision = -1n; performance.now() < deadline; revision++) {
      const before = performance.now();
      await store.appendToStream(
        streamId,
        [
          {
            id: `${writer}-${revision + 1n}`,
            type: 'BenchmarkEventAppended',
            data: { writer, revision: Number(revision + 1n), note: 'a short payload' },
          },
        ],
        { expectedRevision: revision < 0n ? 'no_stream' : revision },
      );
      latencies.push(performance.now() - before);
    }
  };
  try {
    await Promise.all(Array.from({ length: writers }, (_, writer) => write(writer)));
  } finally {
    await store.close();
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
}
