const IDLE = Symbol('idle');
const idle = () => new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));
const after = (ms: number) => new Promise<typeof IDLE>((resolve) => setTimeout(resolve, ms, IDLE));

export interface BatchOptions {
  maxSize: number;
  /**
   * How long a batch may wait for more once the source has nothing ready (0: close it at once). Catching up on
   * EventStoreDB, the client hands events over in bursts of its buffer (~16): waiting a few milliseconds turns
   * many small writes (each a MongoDB transaction) into few large ones. Live, every millisecond is latency.
   */
  lingerMs?: () => number;
}

/**
 * Groups an async iterable into batches of at most `maxSize`, closing a batch as soon as the source has nothing
 * ready (or nothing within `lingerMs`): large batches while catching up, one-event batches when live.
 */
export async function* batches<T>(source: AsyncIterable<T>, { maxSize, lingerMs = () => 0 }: BatchOptions): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  // The next item is asked for before the batch is handed out: if the source fails meanwhile (a dropped
  // subscription), the failure waits for the consumer's next await instead of going unhandled.
  const ask = () => {
    const next = iterator.next();
    next.catch(() => undefined);
    return next;
  };
  let pending = ask();
  for (;;) {
    const first = await pending;
    if (first.done) return;
    const batch = [first.value];
    const lingerUntil = Date.now() + lingerMs();
    pending = ask();
    while (batch.length < maxSize) {
      let next: IteratorResult<T> | typeof IDLE;
      try {
        next = await Promise.race([pending, idle()]);
        if (next === IDLE) {
          const left = lingerUntil - Date.now();
          if (left <= 0) break;
          next = await Promise.race([pending, after(left)]);
          if (next === IDLE) break;
        }
      } catch (error) {
        // What was taken before the failure is handed out first; the failure comes with the next item asked for.
        yield batch;
        throw error;
      }
      if (next.done) {
        yield batch;
        return;
      }
      batch.push(next.value);
      pending = ask();
    }
    yield batch;
  }
}
