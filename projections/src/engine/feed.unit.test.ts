import v8 from 'node:v8';
import vm from 'node:vm';
import type { EventStore, RecordedEvent } from '@vis/infrastructure';
import { describe, expect, it } from 'vitest';
import { shareSubscriptions } from './feed.ts';

// A full collection on demand, so that what the heap holds is measured rather than what is still to be collected.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heapHeld = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/** A log of `count` events handed over one at a time, as a live subscription does: the agent waits for each. */
const liveLog = (count: number): EventStore => {
  async function* events() {
    for (let position = 1; position <= count; position++) yield { position: BigInt(position) } as RecordedEvent;
  }
  return {
    subscribeToAll: () => Object.assign(events(), { unsubscribe: async () => {} }),
  } as unknown as EventStore;
};

describe('the shared feed', () => {
  it('keeps nothing for the waits of a live agent: its heap after 40,000 more events is what it was', async () => {
    const warmUp = 2_000;
    const measured = 40_000;
    const { eventStore } = shareSubscriptions(liveLog(warmUp + measured), { bufferSize: 16 });
    const subscription = eventStore.subscribeToAll({ fromPosition: 0n });
    let before = 0;
    let received = 0;
    for await (const event of subscription) {
      received += 1;
      if (event.position === BigInt(warmUp)) before = heapHeld();
      if (received === warmUp + measured) break;
    }
    // Measured while the subscription is still open: what its waits hold is let go only when it ends.
    const grown = heapHeld() - before;
    await subscription.unsubscribe();
    expect(received).toBe(warmUp + measured);
    // Each wait raced against the subscription's one pending `stop` kept ~300 bytes: some 12 MB here.
    expect(grown).toBeLessThan(2_000_000);
  });

  it('ends an agent waiting for the next event when it unsubscribes', async () => {
    const never: EventStore = {
      subscribeToAll: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }),
        unsubscribe: async () => {},
      }),
    } as unknown as EventStore;
    const { eventStore } = shareSubscriptions(never);
    const subscription = eventStore.subscribeToAll({ fromPosition: 0n });
    const next = subscription[Symbol.asyncIterator]().next();
    await new Promise((resolve) => setImmediate(resolve));
    await subscription.unsubscribe();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
  });
});
