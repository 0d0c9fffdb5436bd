import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@vis/domain';
import {
  AppendRefusedError,
  MAX_APPEND_BYTES,
  WrongExpectedVersionError,
  type EventStore as TypedEventStore,
  type NewEvent,
  type RecordedEvent as TypedRecordedEvent,
  type Subscription as TypedSubscription,
} from './event-store.ts';
import { createUpcasterRegistry, type Upcaster, type UpcasterRegistry } from './upcasting.ts';

/**
 * The contract is about the store's mechanics, so its cases write made-up event types: adapters are opened with
 * `uncheckedEventTypes` here. Decoding against the domain's schemas is tested beside each adapter.
 */
type EventStore = TypedEventStore<DomainEvent>;
type RecordedEvent = TypedRecordedEvent<DomainEvent>;
type Subscription = TypedSubscription<DomainEvent>;

export interface OpenedEventStore {
  store: EventStore;
  /** Closes the store and removes what it wrote where the adapter can (a shared server keeps its log). */
  cleanup: () => Promise<void>;
}

export interface OpenEventStoreOptions {
  upcasters?: UpcasterRegistry;
}

/**
 * A fresh store would be simplest, but a shared EventStoreDB server is never empty: every case therefore works on
 * streams and event types of its own and reads the global log only after positions it recorded itself.
 */
const runId = randomUUID().slice(0, 8);
let streamCounter = 0;
const uniqueStream = (label: string) => `${label}-${runId}-${++streamCounter}`;
const uniqueType = (label: string) => `${label}${runId.replaceAll('-', '')}${++streamCounter}`;

const newEvent = (type: string, data: Record<string, unknown> = {}, metadata?: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

const numbered = (count: number, type = 'Counted') => Array.from({ length: count }, (_, index) => newEvent(type, { index }));

const idsOf = (events: readonly { id: string }[]) => events.map(({ id }) => id);
const revisionsOf = (events: readonly RecordedEvent[]) => events.map(({ revision }) => revision);
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => BigInt(from + index));

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the append to be rejected');
};

/** A deadline only so that a missing event fails with a message rather than the test runner's timeout. */
const SUBSCRIPTION_DEADLINE_MS = 15_000;

/** Reads the subscription until `isComplete` says so, then unsubscribes. */
const readUntil = async (subscription: Subscription, isComplete: (received: RecordedEvent[]) => boolean) => {
  const received: RecordedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void subscription.unsubscribe();
      reject(new Error(`subscription stalled after ${received.length} events`));
    }, SUBSCRIPTION_DEADLINE_MS);
  });
  const reading = (async () => {
    for await (const event of subscription) {
      received.push(event);
      if (isComplete(received)) break;
    }
  })();
  try {
    await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
    await subscription.unsubscribe();
  }
  return received;
};

const expectStrictlyIncreasing = (positions: readonly bigint[]) => {
  positions.slice(1).forEach((position, index) => expect(position).toBeGreaterThan(positions[index]!));
};

/** The behaviour every EventStore adapter must show. `open` is called once per case. */
export const eventStoreContract = (name: string, open: (options?: OpenEventStoreOptions) => Promise<OpenedEventStore>) => {
  const withStore = async (run: (store: EventStore) => Promise<void>, options?: OpenEventStoreOptions) => {
    const { store, cleanup } = await open(options);
    try {
      await run(store);
    } finally {
      await cleanup();
    }
  };

  describe(`${name} event store contract`, () => {
    describe('append and read', () => {
      it('reads back what was appended, revisions from 0 and positions increasing', () =>
        withStore(async (store) => {
          const stream = uniqueStream('order');
          const events = [
            newEvent('OrderPlaced', { orderId: 'o1', total: 12.5 }, { commandId: 'c1' }),
            newEvent('ItemAdded', { sku: 'a', tags: ['x', 'y'], nested: { deep: true } }),
            newEvent('OrderShipped', { carrier: 'post' }, { commandId: 'c2', actorId: 'u1' }),
          ];
          const result = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
          const read = await store.readStream(stream);

          expect(read.map(({ id, streamId, type, data, metadata }) => ({ id, streamId, type, data, metadata }))).toEqual(
            events.map(({ id, type, data, metadata }) => ({ id, streamId: stream, type, data, metadata: metadata ?? {} })),
          );
          expect(revisionsOf(read)).toEqual([0n, 1n, 2n]);
          expectStrictlyIncreasing(read.map(({ position }) => position));
          expect(read[0]!.position).toBeGreaterThan(0n);
          expect(result).toEqual({ nextExpectedRevision: 2n, position: read[2]!.position });
          for (const event of read) {
            expect(event.createdAt).toBeInstanceOf(Date);
            expect(Number.isNaN(event.createdAt.getTime())).toBe(false);
            expect(event.schemaVersion).toBe(1);
          }
        }));

      it('continues revisions across appends and reports the head position', () =>
        withStore(async (store) => {
          const stream = uniqueStream('counter');
          await store.appendToStream(stream, numbered(2));
          const second = await store.appendToStream(stream, numbered(3));
          expect(second.nextExpectedRevision).toBe(4n);
          expect(revisionsOf(await store.readStream(stream))).toEqual(range(0, 5));
          expect(await store.headPosition()).toBe(second.position);
        }));

      it('reads a stream forwards and backwards from a revision, at most maxCount', () =>
        withStore(async (store) => {
          const stream = uniqueStream('paged');
          await store.appendToStream(stream, numbered(10));
          const revisions = async (options: Parameters<EventStore['readStream']>[1]) => revisionsOf(await store.readStream(stream, options));

          expect(await revisions({ fromRevision: 3n, maxCount: 4 })).toEqual([3n, 4n, 5n, 6n]);
          expect(await revisions({ fromRevision: 8n })).toEqual([8n, 9n]);
          expect(await revisions({ direction: 'backwards' })).toEqual(range(0, 10).reverse());
          expect(await revisions({ direction: 'backwards', maxCount: 3 })).toEqual([9n, 8n, 7n]);
          expect(await revisions({ direction: 'backwards', fromRevision: 4n, maxCount: 2 })).toEqual([4n, 3n]);
          expect(await revisions({ direction: 'backwards', fromRevision: 1n })).toEqual([1n, 0n]);
          expect(await revisions({ fromRevision: 10n })).toEqual([]);
        }));

      it('reads a missing stream as empty', () =>
        withStore(async (store) => {
          expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
          expect(await store.readStream(uniqueStream('missing'), { direction: 'backwards' })).toEqual([]);
        }));

      it('keeps streams apart', () =>
        withStore(async (store) => {
          const [first, second] = [uniqueStream('a'), uniqueStream('a')];
          await store.appendToStream(first, numbered(2));
          await store.appendToStream(second, numbered(3));
          await store.appendToStream(first, numbered(1));
          expect(revisionsOf(await store.readStream(first))).toEqual(range(0, 3));
          expect(revisionsOf(await store.readStream(second))).toEqual(range(0, 3));
        }));

      it('reads the global log in position order from an inclusive position', () =>
        withStore(async (store) => {
          const [first, second] = [uniqueStream('log'), uniqueStream('log')];
          const a = numbered(2);
          const b = numbered(2);
          await store.appendToStream(first, a);
          await store.appendToStream(second, b);
          const ours = (await store.readStream(first)).concat(await store.readStream(second));

          const fromSecond = await store.readAll({ fromPosition: ours[1]!.position, maxCount: 3 });
          expect(idsOf(fromSecond)).toEqual([a[1]!.id, b[0]!.id, b[1]!.id]);
          expect(fromSecond.map(({ streamId }) => streamId)).toEqual([first, second, second]);
          expect(fromSecond.map(({ revision }) => revision)).toEqual([1n, 0n, 1n]);
          expect(fromSecond.map(({ position }) => position)).toEqual(ours.slice(1).map(({ position }) => position));

          const upToHead = await store.readAll({ fromPosition: ours[0]!.position });
          expect(idsOf(upToHead)).toEqual(idsOf([...a, ...b]));
          expect(await store.readAll({ afterPosition: ours[3]!.position })).toEqual([]);
        }));

      it('reads the log after a position, exclusively, with positions that grow but are not counts', () =>
        withStore(async (store) => {
          const stream = uniqueStream('after');
          const written = numbered(4);
          await store.appendToStream(stream, written);
          const ours = await store.readStream(stream);
          const positions = ours.map(({ position }) => position);
          expectStrictlyIncreasing(positions);
          // Positions are opaque, as EventStoreDB's byte offsets are: the next event is not at position + 1.
          expect(positions.slice(1).some((position, index) => position !== positions[index]! + 1n)).toBe(true);

          const afterFirst = await store.readAll({ afterPosition: ours[0]!.position, maxCount: 2 });
          expect(idsOf(afterFirst)).toEqual(idsOf(written.slice(1, 3)));
          const fromStart = await store.readAll({ afterPosition: 0n, maxCount: 1 });
          expect(fromStart).toHaveLength(1);
          expect(fromStart[0]!.position).toBeLessThanOrEqual(ours[0]!.position);
          expect(await store.readAll({ afterPosition: ours[1]!.position, maxCount: 0 })).toEqual([]);
        }));

      it('counts the events after a position, up to a limit', () =>
        withStore(async (store) => {
          const stream = uniqueStream('count');
          await store.appendToStream(stream, numbered(5));
          const ours = await store.readStream(stream);
          expect(await store.countAfter(ours[0]!.position, 100)).toBe(4);
          expect(await store.countAfter(ours[2]!.position, 100)).toBe(2);
          expect(await store.countAfter(ours[4]!.position, 100)).toBe(0);
          expect(await store.countAfter(ours[0]!.position, 3)).toBe(3);
          expect(await store.countAfter(await store.headPosition(), 100)).toBe(0);
        }));

      it('answers an empty append with the stream head, still checking the expected revision', () =>
        withStore(async (store) => {
          const stream = uniqueStream('empty');
          expect(await store.appendToStream(stream, [])).toEqual({ nextExpectedRevision: -1n, position: 0n });
          const written = await store.appendToStream(stream, numbered(2));
          expect(await store.appendToStream(stream, [], { expectedRevision: 1n })).toEqual(written);
          expect(await rejection(store.appendToStream(stream, [], { expectedRevision: 'no_stream' }))).toBeInstanceOf(WrongExpectedVersionError);
          expect(await store.readStream(stream)).toHaveLength(2);
        }));
    });

    describe("the real server's limits", () => {
      it('refuses a $-prefixed stream (a system stream) and an append over 1 MiB, writing nothing', () =>
        withStore(async (store) => {
          const head = await store.headPosition();
          await expect(store.appendToStream('$settings', [newEvent('OrderPlaced', { orderId: 'o1' })])).rejects.toThrow(AppendRefusedError);
          const stream = uniqueStream('big');
          // Two events of 600 KB: each would fit, the append does not.
          const big = [newEvent('ItemAdded', { note: 'x'.repeat(600_000) }), newEvent('ItemAdded', { note: 'y'.repeat(600_000) })];
          await expect(store.appendToStream(stream, big)).rejects.toThrow(/over the 1048576-byte limit/);
          expect(await store.readStream(stream)).toEqual([]);
          expect(await store.headPosition()).toBe(head);
          // Just under the limit is taken.
          await store.appendToStream(stream, [newEvent('ItemAdded', { note: 'z'.repeat(MAX_APPEND_BYTES - 1_000) })]);
          expect(await store.readStream(stream)).toHaveLength(1);
        }));
    });

    describe('expected revision', () => {
      const expectRejected = async (
        store: EventStore,
        stream: string,
        options: Parameters<EventStore['appendToStream']>[2],
        actual: bigint | 'no_stream',
      ) => {
        const before = idsOf(await store.readStream(stream));
        const error = await rejection(store.appendToStream(stream, numbered(2), options));
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: stream, expected: options?.expectedRevision, actual });
        expect(idsOf(await store.readStream(stream))).toEqual(before);
      };

      it("'no_stream' accepts a new stream and rejects an existing one", () =>
        withStore(async (store) => {
          const stream = uniqueStream('no-stream');
          expect(await store.appendToStream(stream, numbered(1), { expectedRevision: 'no_stream' })).toMatchObject({
            nextExpectedRevision: 0n,
          });
          await expectRejected(store, stream, { expectedRevision: 'no_stream' }, 0n);
        }));

      it("'stream_exists' rejects a new stream and accepts an existing one", () =>
        withStore(async (store) => {
          const stream = uniqueStream('exists');
          await expectRejected(store, stream, { expectedRevision: 'stream_exists' }, 'no_stream');
          expect(await store.readStream(stream)).toEqual([]);
          await store.appendToStream(stream, numbered(1));
          expect(await store.appendToStream(stream, numbered(1), { expectedRevision: 'stream_exists' })).toMatchObject({
            nextExpectedRevision: 1n,
          });
        }));

      it("'any' (the default) accepts a new and an existing stream", () =>
        withStore(async (store) => {
          const stream = uniqueStream('any');
          await store.appendToStream(stream, numbered(1), { expectedRevision: 'any' });
          await store.appendToStream(stream, numbered(1));
          expect(revisionsOf(await store.readStream(stream))).toEqual([0n, 1n]);
        }));

      it('an exact revision accepts only the current last revision', () =>
        withStore(async (store) => {
          const stream = uniqueStream('exact');
          await expectRejected(store, stream, { expectedRevision: 0n }, 'no_stream');
          await store.appendToStream(stream, numbered(3));
          await expectRejected(store, stream, { expectedRevision: 1n }, 2n);
          await expectRejected(store, stream, { expectedRevision: 3n }, 2n);
          expect(await store.appendToStream(stream, numbered(2), { expectedRevision: 2n })).toMatchObject({
            nextExpectedRevision: 4n,
          });
          expect(revisionsOf(await store.readStream(stream))).toEqual(range(0, 5));
        }));
    });

    describe('idempotent append', () => {
      it('re-appending the same event ids returns the first result and writes nothing', () =>
        withStore(async (store) => {
          const stream = uniqueStream('retry');
          const events = numbered(3);
          const first = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
          expect(await store.appendToStream(stream, events, { expectedRevision: 'no_stream' })).toEqual(first);
          expect(await store.appendToStream(stream, events)).toEqual(first);
          expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
        }));

      it('recognises a retry after later appends to the stream', () =>
        withStore(async (store) => {
          const stream = uniqueStream('late-retry');
          const events = numbered(2);
          const first = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
          await store.appendToStream(stream, numbered(2), { expectedRevision: 1n });
          expect(await store.appendToStream(stream, events, { expectedRevision: 'no_stream' })).toEqual(first);
          expect(revisionsOf(await store.readStream(stream))).toEqual(range(0, 4));
        }));
    });

    describe('concurrent writers', () => {
      it('lets exactly one writer win each revision of a contended stream', () =>
        withStore(async (store) => {
          const stream = uniqueStream('contended');
          const WRITERS = 50;
          const EVENTS_PER_WRITER = 4;
          const won: bigint[] = [];
          const write = async (writer: number) => {
            for (let written = 0; written < EVENTS_PER_WRITER;) {
              const [head] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
              try {
                const result = await store.appendToStream(stream, [newEvent('Written', { writer, written })], {
                  expectedRevision: head ? head.revision : 'no_stream',
                });
                won.push(result.nextExpectedRevision);
                written++;
              } catch (error) {
                if (!(error instanceof WrongExpectedVersionError)) throw error;
              }
            }
          };
          await Promise.all(Array.from({ length: WRITERS }, (_, writer) => write(writer)));

          const total = WRITERS * EVENTS_PER_WRITER;
          const read = await store.readStream(stream);
          expect(revisionsOf(read)).toEqual(range(0, total));
          expect([...won].sort((a, b) => (a < b ? -1 : 1))).toEqual(range(0, total));
          expectStrictlyIncreasing(read.map(({ position }) => position));
          for (let writer = 0; writer < WRITERS; writer++) {
            const own = read.filter(({ data }) => (data as { writer: number }).writer === writer);
            expect(own.map(({ data }) => (data as { written: number }).written)).toEqual(
              Array.from({ length: EVENTS_PER_WRITER }, (_, index) => index),
            );
          }
        }));
    });

    describe('subscribeToAll', () => {
      it('catches up and goes live without missing or repeating an event while appends race the switch', () =>
        withStore(async (store) => {
          const start = await store.headPosition();
          const streams = Array.from({ length: 4 }, () => uniqueStream('live'));
          const ours = new Set(streams);
          const appendRound = (round: number) => Promise.all(streams.map((stream) => store.appendToStream(stream, numbered(3, `Round${round}`))));
          for (let round = 0; round < 5; round++) await appendRound(round);

          const subscription = store.subscribeToAll({ fromPosition: start });
          const ROUNDS = 40;
          const expected = ROUNDS * streams.length * 3;
          const writing = (async () => {
            for (let round = 5; round < ROUNDS; round++) {
              await appendRound(round);
              if (round % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
            }
          })();
          const received = await readUntil(subscription, (events) => events.filter(({ streamId }) => ours.has(streamId)).length >= expected);
          await writing;

          const mine = received.filter(({ streamId }) => ours.has(streamId));
          expect(new Set(idsOf(mine)).size).toBe(expected);
          expectStrictlyIncreasing(received.map(({ position }) => position));
          const logged = await store.readAll({ afterPosition: start });
          expect(idsOf(mine)).toEqual(idsOf(logged.filter(({ streamId }) => ours.has(streamId))));
          for (const stream of streams) {
            expect(mine.filter(({ streamId }) => streamId === stream).map(({ revision }) => revision)).toEqual(range(0, ROUNDS * 3));
          }
        }));

      it('delivers only events after fromPosition', () =>
        withStore(async (store) => {
          const stream = uniqueStream('after');
          const events = numbered(3);
          await store.appendToStream(stream, events);
          const [first] = await store.readStream(stream);
          const received = await readUntil(store.subscribeToAll({ fromPosition: first!.position }), (seen) =>
            seen.some(({ id }) => id === events[2]!.id),
          );
          expect(idsOf(received)).toEqual(idsOf(events.slice(1)));
        }));

      it('delivers only the requested event types', () =>
        withStore(async (store) => {
          const start = await store.headPosition();
          const [wanted, alsoWanted, unwanted] = [uniqueType('Wanted'), uniqueType('AlsoWanted'), uniqueType('Unwanted')];
          const stream = uniqueStream('types');
          const events = [newEvent(wanted), newEvent(unwanted), newEvent(alsoWanted), newEvent(unwanted), newEvent(wanted)];
          await store.appendToStream(stream, events);
          const received = await readUntil(store.subscribeToAll({ fromPosition: start, eventTypes: [wanted, alsoWanted] }), (seen) =>
            seen.some(({ id }) => id === events[4]!.id),
          );
          expect(idsOf(received)).toEqual(idsOf([events[0]!, events[2]!, events[4]!]));
        }));

      it('ends the iteration on unsubscribe, also while waiting for new events', () =>
        withStore(async (store) => {
          const start = await store.headPosition();
          const events = numbered(2);
          await store.appendToStream(uniqueStream('unsubscribe'), events);
          const subscription = store.subscribeToAll({ fromPosition: start });
          const seen: string[] = [];
          let resolveCaughtUp!: () => void;
          const caughtUp = new Promise<void>((resolve) => (resolveCaughtUp = resolve));
          const iteration = (async () => {
            for await (const event of subscription) {
              seen.push(event.id);
              if (event.id === events[1]!.id) resolveCaughtUp();
            }
            return 'ended';
          })();
          await caughtUp;
          await subscription.unsubscribe();
          expect(await iteration).toBe('ended');
          expect(seen).toEqual(idsOf(events));
        }));

      it('serves many subscriptions at once', () =>
        withStore(async (store) => {
          const start = await store.headPosition();
          const stream = uniqueStream('fan-out');
          const events = numbered(20);
          const subscriptions = Array.from({ length: 10 }, () => store.subscribeToAll({ fromPosition: start }));
          const readers = subscriptions.map((subscription) => readUntil(subscription, (seen) => seen.some(({ id }) => id === events[19]!.id)));
          for (const event of events) await store.appendToStream(stream, [event]);
          for (const received of await Promise.all(readers)) expect(idsOf(received)).toEqual(idsOf(events));
        }));
    });

    describe('upcasting', () => {
      /** A registry that learns an upcaster later, as a new release does, while the same store stays open. */
      const releasableRegistry = () => {
        let registry = createUpcasterRegistry([]);
        const facade: UpcasterRegistry = {
          currentVersion: (type) => registry.currentVersion(type),
          upcast: (...args) => registry.upcast(...args),
        };
        return { facade, release: (upcasters: Upcaster[]) => (registry = createUpcasterRegistry(upcasters)) };
      };

      it('returns events written with an older schema in the newest shape, and stamps new writes with it', () => {
        const { facade, release } = releasableRegistry();
        return withStore(
          async (store) => {
            const type = uniqueType('NameGiven');
            const stream = uniqueStream('upcast');
            await store.appendToStream(stream, [newEvent(type, { name: 'Ada Lovelace' }, { source: 'test' })]);
            release([
              {
                eventType: type,
                fromVersion: 1,
                upcast: (data, metadata) => {
                  const [first, last] = (data as { name: string }).name.split(' ');
                  return { first, last, source: metadata.source };
                },
              },
              { eventType: type, fromVersion: 2, upcast: (data) => ({ ...(data as object), checked: true }) },
            ]);
            await store.appendToStream(stream, [newEvent(type, { first: 'Grace', last: 'Hopper', checked: false })]);

            const [old, current] = await store.readStream(stream);
            expect(old).toMatchObject({ data: { first: 'Ada', last: 'Lovelace', source: 'test', checked: true }, schemaVersion: 1 });
            expect(old!.metadata).toEqual({ source: 'test' });
            expect(current).toMatchObject({ data: { first: 'Grace', last: 'Hopper', checked: false }, schemaVersion: 3 });
            const [fromLog] = await store.readAll({ fromPosition: old!.position, maxCount: 1 });
            expect(fromLog!.data).toEqual(old!.data);
          },
          { upcasters: facade },
        );
      });
    });
  });
};
