import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectUpcasters } from '@vis/domain';
import { MongoClient } from 'mongodb';
import { openMongoDocumentStore } from '../document-store/index.ts';
import { EventDecodingError } from '../event-store/decoding.ts';
import type { EventStore, ReadAllOptions, RecordedEvent, Subscription } from '../event-store/event-store.ts';
import { createUpcasterRegistry, openEventStoreDbEventStore } from '../event-store/index.ts';

/**
 * The real servers, for `npm run test:distributed`: set both URLs and the engine's tests run on them too (a
 * KurrentDB node and a MongoDB replica set, as in `.github/workflows/distributed.yml`).
 */
export const distributedStoresConfigured = () => Boolean(process.env.EVENTSTORE_URL && process.env.MONGODB_URL);

const PAGE = 500;

/**
 * The store as a test that had the log to itself would see it: a real server's log is shared by every test of a
 * run (and by earlier runs), so each test writes to streams of its own namespace and reads only those, by their
 * names without it. Positions are the server's. An event of another namespace that cannot be decoded (a test of a
 * poison event left it) is passed over, never handed to this test. The head is the last event this test appended:
 * it is the only writer of its namespace.
 */
export const withNamespace = (store: EventStore, namespace: string): EventStore => {
  const prefix = `${namespace}-`;
  const ours = (streamId: string) => streamId.startsWith(prefix);
  const local = (event: RecordedEvent): RecordedEvent => ({ ...event, streamId: event.streamId.slice(prefix.length) });
  const localError = (error: unknown) =>
    error instanceof EventDecodingError && ours(error.streamId)
      ? new EventDecodingError(error.streamId.slice(prefix.length), error.revision, error.position, error.eventType, error.problem)
      : error;
  const foreignDecodingError = (error: unknown): error is EventDecodingError => error instanceof EventDecodingError && !ours(error.streamId);
  let head = 0n;

  /** The next events after `after` (`from`, inclusive, for the first read), of any namespace, passing over a foreign bad one. */
  const readPage = async (options: ReadAllOptions, maxCount: number): Promise<RecordedEvent[]> => {
    try {
      return await store.readAll({ ...options, maxCount });
    } catch (error) {
      if (!(error instanceof EventDecodingError)) throw error;
      // The page failed as a whole, perhaps on another test's bad event: read it one by one up to the bad event.
      const events: RecordedEvent[] = [];
      let cursor = options;
      for (;;) {
        const [next] = await store.readAll({ ...cursor, maxCount: 1 }).catch((failure: unknown) => {
          if (failure instanceof EventDecodingError && failure.position === error.position) return [];
          throw localError(failure);
        });
        if (!next || next.position >= error.position) break;
        events.push(next);
        cursor = { afterPosition: next.position };
      }
      if (events.length > 0) return events;
      if (!foreignDecodingError(error)) throw localError(error);
      // Nothing before another test's bad event: a stand-in of its stream (never handed out) moves the reader past it.
      return [{ position: error.position, streamId: error.streamId } as RecordedEvent];
    }
  };

  const readAll = async ({ fromPosition, afterPosition, maxCount = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}) => {
    const found: RecordedEvent[] = [];
    let options: ReadAllOptions = afterPosition === undefined ? { fromPosition: fromPosition ?? 0n } : { afterPosition };
    while (found.length < maxCount) {
      const page = await readPage(options, PAGE);
      if (page.length === 0) break;
      for (const event of page) if (ours(event.streamId) && found.length < maxCount) found.push(local(event));
      options = { afterPosition: page.at(-1)!.position };
    }
    return found;
  };

  const subscribeToAll: EventStore['subscribeToAll'] = (options = {}) => {
    let inner = store.subscribeToAll(options);
    let stopped = false;
    let last = options.fromPosition ?? 0n;
    async function* deliver(): AsyncGenerator<RecordedEvent> {
      for (;;) {
        try {
          for await (const event of inner) {
            last = event.position;
            if (ours(event.streamId)) yield local(event);
          }
          return;
        } catch (error) {
          if (stopped || !foreignDecodingError(error)) throw localError(error);
          // Another test's poison event ended the subscription, perhaps with a page before it not handed out:
          // those are read, then a new subscription goes on after it.
          for (let cursor = last; ;) {
            const page = await readPage({ afterPosition: cursor }, PAGE);
            const before = page.filter((event) => event.position < error.position);
            for (const event of before) if (ours(event.streamId)) yield local(event);
            if (page.length === 0 || before.length < page.length) break;
            cursor = page.at(-1)!.position;
          }
          last = error.position;
          inner = store.subscribeToAll({ ...options, fromPosition: error.position });
        }
      }
    }
    const iterator = deliver();
    const subscription: Subscription = {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: async () => {
        stopped = true;
        await inner.unsubscribe();
      },
    };
    return subscription;
  };

  const namespaced: EventStore = {
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(prefix + streamId, events, options);
      if (result.position > head) head = result.position;
      return result;
    },
    readStream: async (streamId, options) => {
      try {
        return (await store.readStream(prefix + streamId, options)).map(local);
      } catch (error) {
        throw localError(error);
      }
    },
    readAll,
    subscribeToAll,
    headPosition: async () => head,
    countAfter: async (position, limit) => (await readAll({ afterPosition: position, maxCount: limit })).length,
    close: () => store.close(),
  };
  return namespaced;
};

/**
 * KurrentDB at EVENTSTORE_URL (seen through a namespace of this test's own) and a fresh MongoDB database at
 * MONGODB_URL, shaped as `openTestStores`' stores; `cleanup` drops the database.
 */
export const openDistributedStores = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-distributed-'));
  const events = openEventStoreDbEventStore({ connectionString: process.env.EVENTSTORE_URL!, upcasters: createUpcasterRegistry(projectUpcasters) });
  const url = process.env.MONGODB_URL!;
  const database = `engine_${randomUUID().replaceAll('-', '')}`;
  const documentStore = await openMongoDocumentStore({ url, database });
  return {
    dir,
    eventStore: withNamespace(events, `t${randomUUID().replaceAll('-', '').slice(0, 12)}`),
    documentStore,
    cleanup: async () => {
      await documentStore.close();
      const client = await MongoClient.connect(url);
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
