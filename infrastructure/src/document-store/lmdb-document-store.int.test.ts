import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentStoreContract } from './document-store.contract.ts';
import type { ChangeNotification } from './document-store.ts';
import { open } from 'lmdb';
import { changesBetween } from './document-changes.ts';
import { ChangeLogOverrunError, openLmdbDocumentStore, type LmdbDocumentStoreOptions } from './lmdb-document-store.ts';
import { withMongoLikeDocuments } from '../testing/fault-injecting-stores.ts';

/** The change log's own record of what it holds, after every entry. */
const HELD_RECORD = Number.MAX_SAFE_INTEGER;

const temporaryDirectory = () => mkdtemp(join(tmpdir(), 'lmdb-document-store-'));

documentStoreContract('lmdb', async () => {
  const path = await temporaryDirectory();
  const store = openLmdbDocumentStore({ path });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(path, { recursive: true, force: true });
    },
  };
});

// The same contract where the embedded store behaves as MongoDB would: values through BSON, late notifications.
documentStoreContract('lmdb as MongoDB (fault-injecting)', async () => {
  const path = await temporaryDirectory();
  const embedded = openLmdbDocumentStore({ path });
  return {
    store: withMongoLikeDocuments(embedded),
    cleanup: async () => {
      await embedded.close();
      await rm(path, { recursive: true, force: true });
    },
  };
});

/**
 * The services' topology: several processes write one directory, and each hears every change by following the
 * change log. Writes go to one store and reads and watches to another, each with its own change feed. The
 * reader's poll is an hour: only the writer's commit signal can wake its watchers in time.
 */
const writerAndReader = async (writerOptions: Partial<LmdbDocumentStoreOptions> = {}) => {
  const path = await temporaryDirectory();
  const writer = openLmdbDocumentStore({ path, shared: true, ...writerOptions });
  const reader = openLmdbDocumentStore({ path, shared: true, followIntervalMs: 3_600_000 });
  return {
    store: {
      ...reader,
      replaceOne: writer.replaceOne,
      updateOne: writer.updateOne,
      deleteOne: writer.deleteOne,
      bulkWrite: writer.bulkWrite,
      dropCollection: writer.dropCollection,
    },
    cleanup: async () => {
      await reader.close();
      await writer.close();
      await rm(path, { recursive: true, force: true });
    },
  };
};

documentStoreContract('lmdb, shared by two stores', () => writerAndReader());

// The embedded server's projection thread: its writes committed on the calling thread (one transaction per event
// turn, fsyncs overlapping), read and watched by a store that hands its commits to lmdb-js's write thread.
documentStoreContract('lmdb, shared, the writer committing on its own thread', () =>
  writerAndReader({ syncEachWrite: false, commitsOnThisThread: true }),
);

describe('lmdb document store committing on the calling thread', () => {
  let path: string;
  beforeEach(async () => {
    path = await temporaryDirectory();
  });
  afterEach(async () => {
    await rm(path, { recursive: true, force: true });
  });

  it('commits the writes asked for before it closes', async () => {
    const store = openLmdbDocumentStore({ path, shared: true, syncEachWrite: false, commitsOnThisThread: true });
    const written = store.replaceOne('projects', { _id: 'late', n: 1 });
    await store.close();
    await written;
    const reopened = openLmdbDocumentStore({ path });
    expect(await reopened.findOne('projects', { _id: 'late' })).toEqual({ _id: 'late', n: 1 });
    await reopened.close();
  });

  it('commits the calls of one turn together, a failing call rolling back alone, and resolves them in call order', async () => {
    const store = openLmdbDocumentStore({ path, shared: true, syncEachWrite: false, commitsOnThisThread: true });
    const settled: string[] = [];
    const record = (name: string, promise: Promise<unknown>) =>
      promise.then(
        () => settled.push(`${name} ok`),
        () => settled.push(`${name} failed`),
      );
    const environment = open({ path });
    const lastTxnId = () => (environment.getStats() as { lastTxnId: number }).lastTxnId;
    const before = lastTxnId();
    await Promise.all([
      // all through bulkWrite: each settles as many promise steps after its commit as the others
      record('first', store.bulkWrite([{ kind: 'replace', collection: 'projects', document: { _id: 'a', n: 1 } }])),
      record(
        'failing',
        store.bulkWrite([
          { kind: 'replace', collection: 'projects', document: { _id: 'b' } },
          { kind: 'update', collection: 'projects', filter: { _id: 'b' }, update: { $set: { list: [] }, $push: { list: 1 } } },
        ]),
      ),
      record('last', store.bulkWrite([{ kind: 'update', collection: 'projects', filter: { _id: 'a' }, update: { $inc: { n: 1 } } }])),
    ]);
    expect(settled).toEqual(['first ok', 'failing failed', 'last ok']);
    expect(await store.findOne('projects', { _id: 'a' })).toEqual({ _id: 'a', n: 2 });
    expect(await store.findOne('projects', { _id: 'b' })).toBeNull();
    // one commit for the three calls
    expect(lastTxnId() - before).toBe(1);
    await store.close();
    await environment.close();
  });
});

describe('lmdb document store', () => {
  let path: string;

  beforeEach(async () => {
    path = await temporaryDirectory();
  });

  afterEach(async () => {
    await rm(path, { recursive: true, force: true });
  });

  it("wakes a shared store's watcher by the commit it waits for, its own or another store's, never by a timer", async () => {
    // An hour's poll: a watcher hears a change only if the commit itself wakes it.
    const writer = openLmdbDocumentStore({ path, shared: true, followIntervalMs: 3_600_000 });
    const reader = openLmdbDocumentStore({ path, shared: true, followIntervalMs: 3_600_000 });
    try {
      const own = writer.watch('notes')[Symbol.asyncIterator]();
      const others = reader.watch('notes')[Symbol.asyncIterator]();
      await writer.replaceOne('notes', { _id: 'by the writer' });
      expect((await own.next()).value).toMatchObject({ operation: 'upsert', id: 'by the writer' });
      expect((await others.next()).value).toMatchObject({ operation: 'upsert', id: 'by the writer' });
      await reader.replaceOne('notes', { _id: 'by the reader' });
      expect((await own.next()).value).toMatchObject({ operation: 'upsert', id: 'by the reader' });
      expect((await others.next()).value).toMatchObject({ operation: 'upsert', id: 'by the reader' });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('tells a shared watcher that fell behind the change log to watch again, and the new watch hears on', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true, changeLogKeeps: 20 });
    const reader = openLmdbDocumentStore({ path, shared: true, changeLogKeeps: 20 });
    try {
      const behind = reader.watch('notes')[Symbol.asyncIterator]();
      // 100 changes in one commit, before the reader's next look at the log: only the last 20 are kept.
      await writer.bulkWrite(Array.from({ length: 100 }, (_, n) => ({ kind: 'replace' as const, collection: 'notes', document: { _id: `n${n}` } })));
      await expect(behind.next()).rejects.toBeInstanceOf(ChangeLogOverrunError);

      const again = reader.watch('notes')[Symbol.asyncIterator]();
      await writer.replaceOne('notes', { _id: 'after' });
      expect((await again.next()).value).toMatchObject({ operation: 'upsert', id: 'after' });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('carries ids and changes of any text through the shared change log, newlines and quotes included', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true, notifiedFields: ['text'] });
    const reader = openLmdbDocumentStore({ path, shared: true, notifiedFields: ['text'] });
    try {
      const changes = reader.watch('notes')[Symbol.asyncIterator]();
      const notified = reader.watch('notes', { fields: ['text'] })[Symbol.asyncIterator]();
      // An entry is a header line, the notified fields and the changes: neither an id nor a value may end a part early.
      const id = 'a "quoted"\nid, ["x"]\u2028';
      const document = { _id: id, text: 'line one\nline two\r\n"three"', nested: { list: ['\n', '{"j":1}'] } };
      await writer.replaceOne('notes', document);
      expect((await changes.next()).value).toEqual({ collection: 'notes', operation: 'upsert', id, document });
      expect((await notified.next()).value).toEqual({ collection: 'notes', operation: 'upsert', id, document: { _id: id, text: document.text } });
      await writer.updateOne('notes', { _id: id }, { $set: { 'nested.list.2': '\n"\r' } });
      expect((await changes.next()).value).toMatchObject({ id, changes: { set: { 'nested.list.2': '\n"\r' }, unset: [] } });
      await writer.deleteOne('notes', id);
      expect((await changes.next()).value).toEqual({ collection: 'notes', operation: 'delete', id });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('serves a watcher asking only for notified fields from them, without parsing the document, in either topology', async () => {
    const notifiedFields = ['_topics', '_position'];
    const alone = openLmdbDocumentStore({ path: join(path, 'alone'), notifiedFields });
    const writer = openLmdbDocumentStore({ path, shared: true, notifiedFields });
    const reader = openLmdbDocumentStore({ path, shared: true, notifiedFields });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const large = { _id: 'p1', _topics: ['project:p1'], _position: 7, stages: ['x'.repeat(10_000)] };
      for (const [writes, watches] of [
        [alone, alone],
        [writer, reader],
      ] as const) {
        const live = watches.watch('projects', { fields: ['_topics', '_position'] })[Symbol.asyncIterator]();
        parse.mockClear();
        await writes.replaceOne('projects', large);
        expect((await live.next()).value).toEqual({
          collection: 'projects',
          operation: 'upsert',
          id: 'p1',
          document: { _id: 'p1', _topics: ['project:p1'], _position: 7 },
        });
        expect(parse.mock.calls.filter(([text]) => String(text).includes('xxxx'))).toEqual([]);
        // A field that is not carried beside the change is read from the document.
        const other = watches.watch('projects', { fields: ['_position', 'stages'] })[Symbol.asyncIterator]();
        await writes.updateOne('projects', { _id: 'p1' }, { $set: { _position: 8 } });
        expect((await other.next()).value?.document).toEqual({ _id: 'p1', _position: 8, stages: large.stages });
        expect((await live.next()).value?.document).toEqual({ _id: 'p1', _topics: ['project:p1'], _position: 8 });
      }
    } finally {
      parse.mockRestore();
      await alone.close();
      await reader.close();
      await writer.close();
    }
  });

  it('logs a one-field change to a large document in a few hundred bytes, never the document', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true, notifiedFields: ['_topics', '_position'] });
    const reader = openLmdbDocumentStore({ path, shared: true, notifiedFields: ['_topics', '_position'] });
    const environment = open({ path, readOnly: true });
    const log = environment.openDB<string, number>({ name: 'changes', encoding: 'string' });
    const newestEntry = () => {
      for (const { key, value } of log.getRange({ reverse: true, limit: 2 })) if (key !== HELD_RECORD) return value;
      return '';
    };
    try {
      const before = {
        _id: 'p1',
        _topics: ['project:p1'],
        _position: 7,
        stages: Array.from({ length: 8 }, (_, n) => ({ n, notes: 'x'.repeat(1_000) })),
      };
      await writer.replaceOne('projects', before);
      const whole = reader.watch('projects')[Symbol.asyncIterator]();
      const after = { ...before, _position: 8, stages: before.stages.map((stage, n) => (n === 3 ? { ...stage, done: true } : stage)) };
      await writer.bulkWrite([{ kind: 'replace', collection: 'projects', document: after, changes: changesBetween(before, after)! }]);

      environment.resetReadTxn();
      const entry = newestEntry();
      expect(Buffer.byteLength(entry)).toBeLessThan(200);
      expect(entry).not.toContain('xxxx');
      // A watcher of whole documents still gets the document, read as stored, and what changed.
      expect((await whole.next()).value).toEqual({
        collection: 'projects',
        operation: 'upsert',
        id: 'p1',
        document: after,
        changes: { set: { _position: 8, 'stages.3.done': true }, unset: [] },
      });
    } finally {
      await environment.close();
      await reader.close();
      await writer.close();
    }
  });

  it('carries a document written whole with its change, as MongoDB does: another process hears it though it was deleted at once', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true });
    const reader = openLmdbDocumentStore({ path, shared: true });
    try {
      const changes = reader.watch('messages')[Symbol.asyncIterator]();
      // A progress message for a socket another replica holds, deleted as soon as its request ends (issue 27).
      const message = { _id: 'm1', socket: 's1', data: { status: 'complete', progress: 100 } };
      await writer.bulkWrite([
        { kind: 'replace', collection: 'messages', document: message },
        { kind: 'delete', collection: 'messages', id: 'm1' },
      ]);
      expect((await changes.next()).value).toEqual({ collection: 'messages', operation: 'upsert', id: 'm1', document: message });
      expect((await changes.next()).value).toEqual({ collection: 'messages', operation: 'delete', id: 'm1' });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('trims the shared change log down to three quarters a few hundred entries a commit, past its bound at once', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true, changeLogKeeps: 2_000 });
    const environment = open({ path, readOnly: true });
    const log = environment.openDB<string, number>({ name: 'changes', encoding: 'string' });
    const entries = () => {
      environment.resetReadTxn();
      return log.getKeysCount({ end: HELD_RECORD });
    };
    const notes = (count: number, from: number) =>
      Array.from({ length: count }, (_, n) => ({ kind: 'replace' as const, collection: 'notes', document: { _id: `n${from + n}` } }));
    try {
      await writer.bulkWrite(notes(2_000, 0));
      expect(entries()).toBe(2_000);
      // 10 past the bound: 256 deletions in that commit, those 10 first (not the 510 down to 1,500 at once).
      await writer.bulkWrite(notes(10, 2_000));
      expect(entries()).toBe(2_010 - 256);
      // The next commit goes on trimming, down to three quarters of the bound; the one after that no more.
      await writer.bulkWrite(notes(1, 3_000));
      expect(entries()).toBe(1_500);
      await writer.bulkWrite(notes(1, 3_001));
      expect(entries()).toBe(1_501);
    } finally {
      await environment.close();
      await writer.close();
    }
  });

  it('keeps the shared change log within its bytes, telling a watcher that fell past them to watch again', async () => {
    const keepsBytes = 4_000;
    const writer = openLmdbDocumentStore({ path, shared: true, changeLogKeepsBytes: keepsBytes });
    const reader = openLmdbDocumentStore({ path, shared: true, changeLogKeepsBytes: keepsBytes });
    const environment = open({ path, readOnly: true });
    const log = environment.openDB<string, number>({ name: 'changes', encoding: 'string' });
    const held = () => {
      environment.resetReadTxn();
      let bytes = 0;
      let entries = 0;
      for (const { value } of log.getRange({ end: HELD_RECORD })) {
        bytes += Buffer.byteLength(value);
        entries++;
      }
      return { bytes, entries };
    };
    try {
      const update = (n: number) => ({
        kind: 'update' as const,
        collection: 'notes',
        filter: { _id: `n${n % 10}` },
        update: { $set: { text: `note ${n}`.padEnd(100, '.') } },
        upsert: true,
      });
      // Written apart, so that the log is trimmed commit by commit as well as within one.
      for (let n = 0; n < 50; n++) await writer.bulkWrite([update(n)]);
      // One commit of more than the log keeps, before the reader's next look at it.
      const behind = reader.watch('notes')[Symbol.asyncIterator]();
      await writer.bulkWrite(Array.from({ length: 100 }, (_, n) => update(n)));
      const { bytes, entries } = held();
      expect(bytes).toBeLessThanOrEqual(keepsBytes);
      // Trimmed to three quarters of its bound when it passes it, not one entry per commit.
      expect(bytes).toBeGreaterThan(keepsBytes * 0.5);
      expect(entries).toBeLessThan(150);
      await expect(behind.next()).rejects.toBeInstanceOf(ChangeLogOverrunError);

      const again = reader.watch('notes')[Symbol.asyncIterator]();
      await writer.replaceOne('notes', { _id: 'after' });
      expect((await again.next()).value).toMatchObject({ operation: 'upsert', id: 'after' });
    } finally {
      await environment.close();
      await reader.close();
      await writer.close();
    }
  });

  it('hands findOne readers one read-only document while its stored text is unchanged, and never a stale one', async () => {
    const writer = openLmdbDocumentStore({ path, shared: true });
    const reader = openLmdbDocumentStore({ path, shared: true });
    try {
      await writer.replaceOne('projects', { _id: 'p1', tags: ['a'], counts: { likes: 1 } });
      const first = await reader.findOne<{ _id: string; tags: string[]; counts: { likes: number } }>('projects', { _id: 'p1' });
      expect(await reader.findOne('projects', { _id: 'p1' })).toBe(first);
      // Frozen under the tests, to the last nested value: a reader that changes what it was handed fails here.
      expect(() => first!.tags.push('b')).toThrow(TypeError);
      expect(() => (first!.counts.likes = 2)).toThrow(TypeError);

      // Another process's write (and this store's own update, which changes its own copy in place) is seen at once.
      await writer.updateOne('projects', { _id: 'p1' }, { $inc: { 'counts.likes': 1 } });
      expect(await reader.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', tags: ['a'], counts: { likes: 2 } });
      await reader.updateOne('projects', { _id: 'p1' }, { $push: { tags: 'c' } });
      expect(await reader.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', tags: ['a', 'c'], counts: { likes: 2 } });
      expect(first).toEqual({ _id: 'p1', tags: ['a'], counts: { likes: 1 } });
      // A change that keeps the stored length (2 → 3 likes) is a change all the same.
      const before = await reader.findOne('projects', { _id: 'p1' });
      await writer.updateOne('projects', { _id: 'p1' }, { $inc: { 'counts.likes': 1 } });
      expect(await reader.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', tags: ['a', 'c'], counts: { likes: 3 } });
      expect(before).toEqual({ _id: 'p1', tags: ['a', 'c'], counts: { likes: 2 } });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it("reads by id across other reads, in other scripts than Latin and past LMDB's read buffer, as stored", async () => {
    const writer = openLmdbDocumentStore({ path, shared: true });
    const reader = openLmdbDocumentStore({ path, shared: true });
    try {
      const large = { _id: 'p2', text: 'é✓😀'.repeat(100_000) };
      await writer.replaceOne('projects', { _id: 'p1', title: 'Idée ✓ 😀' });
      await writer.replaceOne('projects', large);
      for (let round = 0; round < 2; round++) {
        expect(await reader.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', title: 'Idée ✓ 😀' });
        expect(await reader.findOne('projects', { _id: 'p2' })).toEqual(large);
      }
      await writer.replaceOne('projects', { _id: 'p1', title: 'Idee ✓ 😀!' });
      expect(await reader.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', title: 'Idee ✓ 😀!' });
      await writer.replaceOne('projects', { ...large, text: `${large.text}!` });
      expect(await reader.findOne('projects', { _id: 'p2' })).toEqual({ ...large, text: `${large.text}!` });
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('reads a page of an _id range from its end, parsing no document outside the range or past the page', async () => {
    const store = openLmdbDocumentStore({ path });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const entries = (project: string) =>
        Array.from({ length: 2_000 }, (_, n) => ({
          kind: 'replace' as const,
          collection: 'history',
          document: { _id: `${project}:${String(n).padStart(6, '0')}`, project, n, kind: n % 10 === 0 ? 'rare' : 'common' },
        }));
      await store.bulkWrite([...entries('a'), ...entries('b'), ...entries('c')]);
      parse.mockClear();
      const page = await store.find('history', { _id: { $gte: 'b:', $lt: 'b:001000' }, project: 'b' }, { sort: { _id: -1 }, limit: 5 });
      expect(page.map(({ _id }) => _id)).toEqual(['b:000999', 'b:000998', 'b:000997', 'b:000996', 'b:000995']);
      expect(parse).toHaveBeenCalledTimes(5);
      parse.mockClear();
      const rare = await store.find('history', { _id: { $gte: 'b:', $lt: 'b;' }, kind: 'rare' }, { sort: { _id: -1 }, limit: 3 });
      expect(rare.map(({ _id }) => _id)).toEqual(['b:001990', 'b:001980', 'b:001970']);
      expect(parse).toHaveBeenCalledTimes(30);
    } finally {
      parse.mockRestore();
      await store.close();
    }
  });

  it('lets other work run while a find reads a long range its filter mostly skips', async () => {
    const store = openLmdbDocumentStore({ path });
    try {
      const documents = Array.from({ length: 3_000 }, (_, n) => ({ _id: `p:${String(n).padStart(6, '0')}`, kind: n === 0 ? 'rare' : 'common' }));
      await store.bulkWrite(documents.map((document) => ({ kind: 'replace', collection: 'history', document })));
      const ticked: boolean[] = [];
      setImmediate(() => ticked.push(true));
      const found = await store.find('history', { _id: { $gte: 'p:', $lt: 'p;' }, kind: 'rare' }, { sort: { _id: -1 } });
      expect(found.map(({ _id }) => _id)).toEqual(['p:000000']);
      // Another callback ran between the find's chunks, before its answer.
      expect(ticked).toEqual([true]);
    } finally {
      await store.close();
    }
  });

  it('keeps its data across close and reopen', async () => {
    const first = openLmdbDocumentStore({ path });
    await first.bulkWrite([
      { kind: 'replace', collection: 'projects', document: { _id: 'p1', title: 'Alpha' } },
      { kind: 'replace', collection: 'checkpoints', document: { _id: 'projects', position: 7 } },
    ]);
    await first.close();

    const reopened = openLmdbDocumentStore({ path });
    expect(await reopened.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', title: 'Alpha' });
    expect(await reopened.findOne('checkpoints', { _id: 'projects' })).toEqual({ _id: 'projects', position: 7 });
    await reopened.close();
  });

  it('commits concurrent writes and notifies them in the order they were made', async () => {
    const store = openLmdbDocumentStore({ path });
    const stream = store.watch('counters');
    const writes = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? store.replaceOne('counters', { _id: `c${index}`, value: index })
        : store.updateOne('counters', { _id: 'total' }, { $inc: { value: 1 } }, { upsert: true }),
    );
    await Promise.all(writes);

    const received: ChangeNotification[] = [];
    for await (const notification of stream) {
      received.push(notification);
      if (received.length === writes.length) break;
    }
    const totals = received.filter(({ id }) => id === 'total').map(({ document }) => document?.value);
    expect(totals).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(received.filter(({ id }) => id !== 'total').map(({ id }) => id)).toEqual(Array.from({ length: 100 }, (_, index) => `c${index * 2}`));
    expect(await store.findOne('counters', { _id: 'total' })).toEqual({ _id: 'total', value: 100 });
    expect(await store.count('counters')).toBe(101);
    await store.close();
  });

  it('ends open watches when the store closes', async () => {
    const store = openLmdbDocumentStore({ path });
    const stream = store.watch('projects');
    const iteration = (async () => {
      for await (const _notification of stream) return 'notified';
      return 'ended';
    })();
    await store.close();
    expect(await iteration).toBe('ended');
  });
});

describe('lmdb document store: indexes of a value', () => {
  let path: string;
  beforeEach(async () => {
    path = await temporaryDirectory();
  });
  afterEach(async () => {
    await rm(path, { recursive: true, force: true });
  });

  it("reads a pinned value's documents from the index, built for the documents already stored, not the whole collection", async () => {
    const store = openLmdbDocumentStore({ path });
    const long = 'u'.repeat(300);
    for (const [id, ownerId] of [
      ['a', 'u1'],
      ['b', 'u2'],
      ['c', 'u1'],
      ['d', long],
    ] as const) {
      await store.replaceOne('summaries', { _id: id, ownerId, updatedAt: 1 });
    }
    await store.createIndexes('summaries', [{ key: { ownerId: 1, updatedAt: -1 } }, { key: { updatedAt: 1 } }]);
    const raw = open({ path });
    const entries = raw.openDB<string, (string | Buffer)[]>({ name: 'index-entries', encoding: 'string' });
    // the compound index's first field, for the values it can hold (a 300-character value is read by a scan)
    expect(Array.from(entries.getKeys())).toEqual([
      ['summaries', 'ownerId', 'u1', 'a'],
      ['summaries', 'ownerId', 'u1', 'c'],
      ['summaries', 'ownerId', 'u2', 'b'],
    ]);
    // An entry taken out behind the store's back: the query that pins the value no longer finds that document,
    // which only a read of the index (not of the collection) can miss.
    await entries.remove(['summaries', 'ownerId', 'u1', 'c']);
    expect((await store.find('summaries', { ownerId: 'u1' })).map(({ _id }) => _id)).toEqual(['a']);
    expect((await store.find('summaries', { ownerId: long })).map(({ _id }) => _id)).toEqual(['d']);
    expect((await store.find('summaries', { ownerId: { $in: ['u1'] } })).map(({ _id }) => _id)).toEqual(['a', 'c']);
    await raw.close();
    await store.close();
  });

  it('reads the rarer of two pinned values', async () => {
    const store = openLmdbDocumentStore({ path });
    await store.createIndexes('listings', [{ key: { status: 1, createdAt: -1 } }, { key: { ownerId: 1, status: 1 } }]);
    for (let i = 0; i < 20; i++)
      await store.replaceOne('listings', { _id: `i${i}`, status: 'published', ownerId: i < 2 ? 'u1' : `u${i}`, createdAt: i });
    const raw = open({ path });
    const entries = raw.openDB<string, (string | Buffer)[]>({ name: 'index-entries', encoding: 'string' });
    // taken out of the owner's entries only: a read of the owner's value misses it, a read of the status's does not
    await entries.remove(['listings', 'ownerId', 'u1', 'i1']);
    expect((await store.find('listings', { status: 'published', ownerId: 'u1' })).map(({ _id }) => _id)).toEqual(['i0']);
    expect(await store.count('listings', { status: 'published' })).toBe(20);
    expect(await store.find('listings', { status: 'published', ownerId: 'nobody' })).toEqual([]);
    await raw.close();
    await store.close();
  });
});
