import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import type { DomainEvent } from '@vis/domain';
import { EventDecodingError, uncheckedEventTypes } from './decoding.ts';
import { createUpcasterRegistry } from './upcasting.ts';
import { WrongExpectedVersionError, type EventStore as TypedEventStore, type NewEvent } from './event-store.ts';
import { openLmdbEventStore, ReadOnlyEventStoreError } from './lmdb-event-store.ts';

const temporaryDirectory = () => mkdtempSync(join(tmpdir(), 'lmdb-event-store-'));

eventStoreContract('lmdb', async ({ upcasters } = {}) => {
  const path = temporaryDirectory();
  const store = openLmdbEventStore({ path, events: uncheckedEventTypes, ...(upcasters ? { upcasters } : {}) });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(path, { recursive: true, force: true });
    },
  };
});

// The services' topology: one process appends, others read and subscribe by following the log it writes. Appends
// go to the appending store, everything else to a reader of the same directory, so every read in the contract
// crosses from one to the other as it would between processes (each has its own index and its own view). The
// reader's poll is an hour: only the appender's commit signal can wake its subscriptions in time.
eventStoreContract('lmdb, read by a follower', async ({ upcasters } = {}) => {
  const path = temporaryDirectory();
  const options = { path, events: uncheckedEventTypes, ...(upcasters ? { upcasters } : {}) };
  const appender = openLmdbEventStore(options);
  const reader = openLmdbEventStore({ ...options, access: 'read', followIntervalMs: 3_600_000 });
  return {
    store: { ...reader, appendToStream: appender.appendToStream },
    cleanup: async () => {
      await reader.close();
      await appender.close();
      rmSync(path, { recursive: true, force: true });
    },
  };
});

type EventStore = TypedEventStore<DomainEvent>;

const event = (id: string, data: unknown = {}): NewEvent => ({ id, type: 'Happened', data });

describe('lmdb event store', () => {
  let path: string;
  let store: EventStore;

  beforeEach(() => {
    path = temporaryDirectory();
    store = openLmdbEventStore({ path, events: uncheckedEventTypes });
  });

  afterEach(async () => {
    await store.close();
    rmSync(path, { recursive: true, force: true });
  });

  it('starts empty', async () => {
    expect(await store.headPosition()).toBe(0n);
    expect(await store.readAll()).toEqual([]);
  });

  it("numbers positions like a log's offsets across streams: growing by each record's size, never consecutive", async () => {
    await store.appendToStream('a', [event('a1'), event('a2')]);
    await Promise.all([store.appendToStream('b', [event('b1')]), store.appendToStream('c', [event('c1'), event('c2')])]);
    const positions = (await store.readAll()).map(({ position }) => position);
    expect(positions).toHaveLength(5);
    positions.slice(1).forEach((position, index) => expect(position - positions[index]!).toBeGreaterThan(100n));
    expect(await store.headPosition()).toBe(positions.at(-1));
  });

  it('keeps its log across close and reopen, and continues numbering', async () => {
    await store.appendToStream('s', [event('e1'), event('e2')]);
    await store.close();
    store = openLmdbEventStore({ path, events: uncheckedEventTypes });
    const before = await store.readStream('s');
    expect(before.map(({ id }) => id)).toEqual(['e1', 'e2']);
    const appended = await store.appendToStream('s', [event('e3')], { expectedRevision: 1n });
    expect(appended.nextExpectedRevision).toBe(2n);
    expect(appended.position).toBeGreaterThan(before[1]!.position);
    expect(await store.appendToStream('s', [event('e1'), event('e2')])).toEqual({ nextExpectedRevision: 1n, position: before[1]!.position });
  });

  it('rejects an append that repeats only some of the stream’s event ids, writing nothing', async () => {
    await store.appendToStream('s', [event('e1'), event('e2')]);
    for (const events of [
      [event('e1'), event('new')],
      [event('new'), event('e2')],
      [event('e2'), event('e1')],
    ]) {
      await expect(store.appendToStream('s', events)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    }
    expect((await store.readAll()).map(({ id }) => id)).toEqual(['e1', 'e2']);
  });

  it('knows the head of each stream it committed to without a read, and says nothing of the others', async () => {
    expect(store.knownStreamRevision?.('a')).toBeUndefined();
    const appending = store.appendToStream('a', [event('a1'), event('a2')]);
    // Not before the commit: a reader could not see the events yet.
    expect(store.knownStreamRevision?.('a')).toBeUndefined();
    await appending;
    expect(store.knownStreamRevision?.('a')).toBe(1n);
    await expect(store.appendToStream('a', [event('a3')], { expectedRevision: 0n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.appendToStream('a', [event('a1')]);
    expect(store.knownStreamRevision?.('a')).toBe(1n);
    const reader = openLmdbEventStore({ path, events: uncheckedEventTypes, access: 'read' });
    try {
      // A reader follows another process's appends: it always reads.
      expect(reader.knownStreamRevision?.('a')).toBeUndefined();
    } finally {
      await reader.close();
    }
  });

  // Appends are checked and numbered as they come, before their commit: what they answer meanwhile must not run
  // ahead of what is durable and readable.
  it('answers a retry of an append still committing, and refuses an append against its head, only once it is committed', async () => {
    const events = [event('r1'), event('r2')];
    const first = store.appendToStream('r', events, { expectedRevision: 'no_stream' });
    // Each answer notes what a reader could see when it came (the head is set when a commit resolves).
    const seenAtAnswer = () => store.knownStreamRevision?.('r');
    const retried = store.appendToStream('r', events, { expectedRevision: 'no_stream' }).then((result) => ({ result, seen: seenAtAnswer() }));
    const refused = store.appendToStream('r', [event('r3')], { expectedRevision: 'no_stream' }).then(
      () => ({ error: undefined, seen: seenAtAnswer() }),
      (error: unknown) => ({ error, seen: seenAtAnswer() }),
    );
    const empty = store.appendToStream('r', []).then((result) => ({ result, seen: seenAtAnswer() }));
    const written = await first;
    expect(await retried).toEqual({ result: written, seen: 1n });
    expect(await refused).toMatchObject({ error: expect.any(WrongExpectedVersionError), seen: 1n });
    expect(await empty).toEqual({ result: written, seen: 1n });
    expect((await store.readStream('r')).map(({ id }) => id)).toEqual(['r1', 'r2']);
  });

  it('treats the same event id in another stream as a different event', async () => {
    const first = await store.appendToStream('first', [event('shared')]);
    const second = await store.appendToStream('second', [event('shared')]);
    expect(second.nextExpectedRevision).toBe(0n);
    expect(second.position).toBeGreaterThan(first.position);
  });

  it('rejects an event id given twice in one append', async () => {
    await expect(store.appendToStream('s', [event('twice'), event('twice')])).rejects.toThrow(/twice/);
    expect(await store.readAll()).toEqual([]);
  });

  it('fails an append whose data cannot be stored without harming appends committed with it', async () => {
    const results = await Promise.allSettled([
      store.appendToStream('s', [event('before')]),
      store.appendToStream('s', [event('unstorable', { amount: 1n })]),
      store.appendToStream('s', [event('after')]),
    ]);
    expect(results.map(({ status }) => status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readAll()).map(({ id, revision }) => [id, revision])).toEqual([
      ['before', 0n],
      ['after', 1n],
    ]);
    expect((await store.readAll()).map(({ position }) => position)).toEqual(
      results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.position] : [])),
    );
  });

  it('reads streams and recognises retries across the persisted index and its in-memory tail', async () => {
    const STREAMS = ['x', 'y', 'z'];
    const expected = new Map<string, string[]>(STREAMS.map((streamId) => [streamId, []]));
    const appends: { streamId: string; events: NewEvent[] }[] = [];
    for (let round = 0; round < 700; round++) {
      const streamId = STREAMS[round % STREAMS.length]!;
      const events = Array.from({ length: 1 + (round % 4) }, (_, offset) => event(`${streamId}-${round}-${offset}`));
      appends.push({ streamId, events });
      expected.get(streamId)!.push(...events.map(({ id }) => id));
    }
    const appendAll = (batch: typeof appends) => Promise.all(batch.map(({ streamId, events }) => store.appendToStream(streamId, events)));
    // The first 1,500 events exceed what the index keeps in memory and get persisted; the last 250 stay in memory.
    const results = [...(await appendAll(appends.slice(0, 600))), ...(await appendAll(appends.slice(600)))];

    const checkStreams = async () => {
      for (const [streamId, ids] of expected) {
        const read = async (options: Parameters<EventStore['readStream']>[1]) => (await store.readStream(streamId, options)).map(({ id }) => id);
        expect(await read({})).toEqual(ids);
        for (const from of [0, 1, 400, ids.length - 2]) {
          expect(await read({ fromRevision: BigInt(from), maxCount: 300 })).toEqual(ids.slice(from, from + 300));
          expect(await read({ fromRevision: BigInt(from), direction: 'backwards', maxCount: 300 })).toEqual(
            ids.slice(Math.max(0, from - 299), from + 1).reverse(),
          );
        }
      }
      for (const [offset, { streamId, events }] of appends.entries()) {
        if (offset % 50 === 0) expect(await store.appendToStream(streamId, events)).toEqual(results[offset]);
      }
    };

    await checkStreams();
    await store.close();
    store = openLmdbEventStore({ path, events: uncheckedEventTypes });
    await checkStreams();
    expect((await store.readAll()).length).toBe([...expected.values()].flat().length);
  });

  it("follows from a reader what another store appends, as the appender's index moves to disk under it", async () => {
    const reader = openLmdbEventStore({ path, events: uncheckedEventTypes, access: 'read' });
    try {
      await expect(reader.appendToStream('x', [event('refused')])).rejects.toBeInstanceOf(ReadOnlyEventStoreError);
      const subscription = reader.subscribeToAll();
      const heard: string[] = [];
      const hearing = (async () => {
        for await (const { id } of subscription) {
          heard.push(id);
          if (heard.length === 3000) return;
        }
      })();
      const expected = new Map<string, string[]>([
        ['x', []],
        ['y', []],
      ]);
      // 3,000 events in batches of 100: the appender persists its index twice meanwhile, and the reader reads
      // between batches, with part of each stream on disk and part in its own memory.
      for (let batch = 0; batch < 30; batch++) {
        const streamId = batch % 2 === 0 ? 'x' : 'y';
        const events = Array.from({ length: 100 }, (_, offset) => event(`${streamId}-${batch}-${offset}`));
        await store.appendToStream(streamId, events);
        expected.get(streamId)!.push(...events.map(({ id }) => id));
        for (const [id, ids] of expected) {
          expect((await reader.readStream(id)).map((recorded) => recorded.id)).toEqual(ids);
          // What a command reads before deciding: the events after a revision it knows, in memory or on disk.
          for (const from of [ids.length - 150, ids.length - 1, ids.length].filter((revision) => revision >= 0)) {
            expect((await reader.readStream(id, { fromRevision: BigInt(from) })).map((recorded) => recorded.id)).toEqual(ids.slice(from));
          }
        }
      }
      await hearing;
      expect(heard).toEqual((await store.readAll()).map(({ id }) => id));
      expect(await reader.headPosition()).toBe(await store.headPosition());
    } finally {
      await reader.close();
    }
  });

  it('ends open subscriptions when it closes', async () => {
    const subscription = store.subscribeToAll();
    const iteration = (async () => {
      for await (const _event of subscription) return 'delivered';
      return 'ended';
    })();
    await store.close();
    expect(await iteration).toBe('ended');
    store = openLmdbEventStore({ path, events: uncheckedEventTypes });
  });
});

describe('lmdb event store decoding', () => {
  let path: string;
  let store: TypedEventStore;

  beforeEach(() => {
    path = temporaryDirectory();
  });
  afterEach(async () => {
    await store.close();
    rmSync(path, { recursive: true, force: true });
  });

  const feedback = {
    feedbackId: 'f1',
    type: 'bug',
    message: 'hi',
    userAgent: 'ua',
    url: '/',
    clientTimestamp: null,
    submittedBy: 'u',
    submittedAt: 'now',
  };

  it('hands out events parsed with their schema', async () => {
    store = openLmdbEventStore({ path });
    await store.appendToStream('feedback-f1', [{ id: 'e1', type: 'FeedbackSubmitted', data: { ...feedback, extra: true } }]);
    const [event] = await store.readStream('feedback-f1');
    expect(event?.type === 'FeedbackSubmitted' && event.data).toEqual(feedback);
  });

  it('refuses to read an event whose data fails its schema, naming the event', async () => {
    store = openLmdbEventStore({ path });
    await store.appendToStream('feedback-f1', [{ id: 'e1', type: 'FeedbackSubmitted', data: feedback }]);
    const { position } = await store.appendToStream('feedback-f1', [{ id: 'e2', type: 'FeedbackSubmitted', data: { ...feedback, message: 42 } }]);
    const error = await store.readStream('feedback-f1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventDecodingError);
    expect(error).toMatchObject({ streamId: 'feedback-f1', revision: 1n, position, eventType: 'FeedbackSubmitted' });
    expect((error as Error).message).toMatch(/message: .*expected string/i);
    await expect(store.readAll()).rejects.toBeInstanceOf(EventDecodingError);
  });

  it('refuses to read an event of a type no schema knows', async () => {
    store = openLmdbEventStore({ path });
    const { position } = await store.appendToStream('s', [{ id: 'e1', type: 'NeverHeardOf', data: {} }]);
    await expect(store.readAll()).rejects.toMatchObject({ name: 'EventDecodingError', eventType: 'NeverHeardOf', position });
  });

  it('refuses an event an upcaster turned into the wrong shape', async () => {
    const { feedbackId: _dropped, ...withoutId } = feedback;
    store = openLmdbEventStore({ path });
    await store.appendToStream('feedback-f1', [{ id: 'e1', type: 'FeedbackSubmitted', data: feedback }]);
    await store.close();
    store = openLmdbEventStore({
      path,
      upcasters: createUpcasterRegistry([{ eventType: 'FeedbackSubmitted', fromVersion: 1, upcast: () => withoutId }]),
    });
    await expect(store.readStream('feedback-f1')).rejects.toThrow(
      /FeedbackSubmitted event at revision 0 of stream feedback-f1 \(position \d+\): feedbackId/,
    );
  });
});
