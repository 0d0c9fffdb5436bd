import v8 from 'node:v8';
import vm from 'node:vm';
import type { EventStore, RecordedEvent } from '@vis/infrastructure';
import { describe, expect, it } from 'vitest';
import { shareSubscriptions, type BatchSubscription } from './feed.ts';

// A full collection on demand, so that what the heap holds is measured rather than what is still to be collected.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heapHeld = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/**
 * A log whose subscription hands over the events the test appends, when it appends them, as a live subscription
 * does; `fail` makes its next read reject, as a dropped connection does.
 */
const handOverLog = () => {
  const waiting: { resolve: (next: IteratorResult<RecordedEvent>) => void; reject: (error: Error) => void }[] = [];
  const ready: (RecordedEvent | Error)[] = [];
  let position = 0n;
  let opened = 0;
  const settle = (item: RecordedEvent | Error) => {
    const reader = waiting.shift();
    if (!reader) return void ready.push(item);
    if (item instanceof Error) reader.reject(item);
    else reader.resolve({ done: false, value: item });
  };
  const eventStore = {
    subscribeToAll: () => {
      opened += 1;
      return {
        [Symbol.asyncIterator]: () => ({
          next: () =>
            new Promise<IteratorResult<RecordedEvent>>((resolve, reject) => {
              waiting.push({ resolve, reject });
              const item = ready.shift();
              if (item !== undefined) settle(item);
            }),
        }),
        unsubscribe: async () => {},
      };
    },
  } as unknown as EventStore;
  return {
    eventStore,
    append: (count = 1) => {
      for (let i = 0; i < count; i++) settle({ position: ++position } as RecordedEvent);
    },
    fail: (error: Error) => settle(error),
    opened: () => opened,
  };
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** An agent following the feed: it takes batches one at a time (leaving a `for await` would end its subscription). */
const follow = (subscription: BatchSubscription) => {
  const iterator = subscription.batches[Symbol.asyncIterator]();
  return {
    /** The batches it takes, as lists of positions, until `count` events have come. */
    take: async (count: number) => {
      const taken: number[][] = [];
      while (taken.flat().length < count) {
        const next = await iterator.next();
        if (next.done) throw new Error('the subscription ended');
        taken.push(next.value.map((event) => Number(event.position)));
      }
      return taken;
    },
    unsubscribe: () => subscription.unsubscribe(),
  };
};

describe('the shared feed', () => {
  it('keeps nothing for the waits of a live agent: its heap after 40,000 more events is what it was', async () => {
    const warmUp = 2_000;
    const measured = 40_000;
    const log = handOverLog();
    const feed = shareSubscriptions(log.eventStore, { bufferSize: 16 });
    const subscription = feed.subscribe(0n, { maxSize: 100 });
    let before = 0;
    let received = 0;
    log.append();
    // One event appended after the agent took the one before: it waits once for each.
    for await (const batch of subscription.batches) {
      expect(batch).toHaveLength(1);
      received += 1;
      if (received === warmUp) before = heapHeld();
      if (received === warmUp + measured) break;
      log.append();
    }
    // Measured while the subscription is still open: what its waits hold is let go only when it ends.
    const grown = heapHeld() - before;
    await subscription.unsubscribe();
    expect(received).toBe(warmUp + measured);
    // Each wait raced against the subscription's one pending `stop` kept ~300 bytes: some 12 MB here.
    expect(grown).toBeLessThan(2_000_000);
  });

  it('ends an agent waiting for the next event when it unsubscribes', async () => {
    const log = handOverLog();
    const subscription = shareSubscriptions(log.eventStore).subscribe(0n, { maxSize: 10 });
    const next = subscription.batches[Symbol.asyncIterator]().next();
    await nextTurn();
    await subscription.unsubscribe();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
  });

  it('hands every agent the events that came together as one batch, read once for all of them', async () => {
    const log = handOverLog();
    const feed = shareSubscriptions(log.eventStore);
    const agents = [follow(feed.subscribe(0n, { maxSize: 100 })), follow(feed.subscribe(0n, { maxSize: 100 }))];
    log.append(5);
    const first = await Promise.all(agents.map((agent) => agent.take(5)));
    expect(first).toEqual([[[1, 2, 3, 4, 5]], [[1, 2, 3, 4, 5]]]);
    log.append(3);
    const second = await Promise.all(agents.map((agent) => agent.take(3)));
    expect(second).toEqual([[[6, 7, 8]], [[6, 7, 8]]]);
    expect(log.opened()).toBe(1);
    expect(feed.stats().delivered).toBe(8);
    await Promise.all(agents.map((agent) => agent.unsubscribe()));
  });

  it('closes a batch at its size, the rest coming in the next', async () => {
    const log = handOverLog();
    const agent = follow(shareSubscriptions(log.eventStore).subscribe(0n, { maxSize: 4 }));
    log.append(10);
    expect(await agent.take(10)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
    await agent.unsubscribe();
  });

  it('lingering, waits for more events up to the batch size, then for no longer than the linger', async () => {
    const log = handOverLog();
    const agent = follow(shareSubscriptions(log.eventStore).subscribe(0n, { maxSize: 10, lingerMs: () => 200 }));
    const appending = (async () => {
      for (let burst = 0; burst < 4; burst++) {
        log.append(4);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const started = performance.now();
    const taken = await agent.take(16);
    await appending;
    expect(taken.map((batch) => batch.length)).toEqual([10, 6]);
    expect(taken.flat()).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    // The second batch closed when its linger ran out, not when the next event came (none did).
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    await agent.unsubscribe();
  });

  it('hands a failure of the log to the agent, after the events before it', async () => {
    const log = handOverLog();
    const subscription = shareSubscriptions(log.eventStore).subscribe(0n, { maxSize: 10 });
    log.append(2);
    log.fail(new Error('connection dropped'));
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const batch of subscription.batches) seen.push(batch.map((event) => Number(event.position)));
      })(),
    ).rejects.toThrow('connection dropped');
    expect(seen).toEqual([[1, 2]]);
  });
});
