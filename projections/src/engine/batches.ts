const IDLE = Symbol('idle');
const idle = () => new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));

/**
 * Groups an async iterable into batches of at most `maxSize`, closing a batch as soon as the source has
 * nothing ready: large batches while catching up, one-event batches (lowest latency) when live.
 */
export async function* batches<T>(source: AsyncIterable<T>, maxSize: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  // The next event is asked for before the batch is handed out: if the source fails meanwhile (a dropped
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
    pending = ask();
    while (batch.length < maxSize) {
      const next = await Promise.race([pending, idle()]);
      if (next === IDLE) break;
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
