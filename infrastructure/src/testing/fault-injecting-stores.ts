import { BSON } from 'mongodb';
import type { ChangeNotification, ChangeStream, Document, DocumentStore, WriteOperation } from '../document-store/document-store.ts';
import { asJsonValues } from '../document-store/json-values.ts';
import { openTestStores } from './embedded-stores.ts';
import type { EventStore, Subscription } from '../event-store/event-store.ts';

/**
 * The embedded document store with a change feed that fails as a MongoDB change stream can: the first watch of
 * a collection breaks after `failAfter` notifications (a non-resumable error: history lost, an invalidate, a
 * failover the driver could not resume from), and the next `refusals` attempts to watch it again fail at once
 * (no primary yet). Everything else is the store itself.
 */
export const withFailingChangeFeed = (store: DocumentStore, { failAfter, refusals = 0 }: { failAfter: number; refusals?: number }) => {
  const watches = new Map<string, number>();
  let refused = 0;
  const failing: DocumentStore = Object.create(store) as DocumentStore;
  failing.watch = (collection, options) => {
    const watch = (watches.get(collection) ?? 0) + 1;
    watches.set(collection, watch);
    if (watch > 1 && refused < refusals) {
      refused += 1;
      throw new Error('not primary');
    }
    const inner = store.watch(collection, options);
    if (watch > 1) return inner;
    let delivered = 0;
    const iterator = inner[Symbol.asyncIterator]();
    const breaking: ChangeStream = {
      close: () => inner.close(),
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<ChangeNotification>> => {
          if (delivered === failAfter) throw new Error('ChangeStreamHistoryLost');
          delivered += 1;
          return iterator.next();
        },
      }),
    };
    return breaking;
  };
  return { store: failing, watchesOf: (collection: string) => watches.get(collection) ?? 0 };
};

/**
 * The embedded event store with subscriptions that drop as an EventStoreDB subscription does when the server
 * restarts or the leader changes (the Node client never resubscribes): the first subscription fails after
 * `dropAfter` events, and the next `refusals` subscriptions fail before delivering any.
 */
export const withDroppingSubscriptions = (store: EventStore, { dropAfter, refusals = 0 }: { dropAfter: number; refusals?: number }) => {
  let subscriptions = 0;
  const dropping: EventStore = Object.create(store) as EventStore;
  dropping.subscribeToAll = (options) => {
    subscriptions += 1;
    const limit = subscriptions === 1 ? dropAfter : subscriptions <= 1 + refusals ? 0 : Infinity;
    const inner = store.subscribeToAll(options);
    if (limit === Infinity) return inner;
    const iterator = inner[Symbol.asyncIterator]();
    let delivered = 0;
    const failing: Subscription = {
      unsubscribe: () => inner.unsubscribe(),
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          if (delivered === limit) throw new Error('14 UNAVAILABLE: Connection dropped');
          delivered += 1;
          return iterator.next();
        },
      }),
    };
    return failing;
  };
  return { store: dropping, subscriptions: () => subscriptions };
};

/**
 * A value on its way into MongoDB: normalised as the MongoDB adapter does, then through BSON, then kept in the
 * embedded store as extended JSON, so that what BSON keeps and JSON would not (a Date, a null for an undefined)
 * survives the embedded store and comes back as MongoDB would give it (`fromStored`).
 */
const toStored = <T extends object>(value: T): T =>
  BSON.EJSON.serialize(BSON.deserialize(BSON.serialize(asJsonValues(value))), { relaxed: true }) as T;
const fromStored = <T extends object>(value: T): T => BSON.EJSON.deserialize(value, { relaxed: true }) as T;

const toStoredOperation = (operation: WriteOperation): WriteOperation => {
  if (operation.kind === 'replace') return { ...operation, document: toStored(operation.document) };
  if (operation.kind === 'update') return { ...operation, update: toStored(operation.update) };
  return operation;
};

/**
 * The embedded document store as the MongoDB adapter behaves where the two could differ:
 * - values go to the store and come back through BSON, after the adapter's JSON normalisation, so code that
 *   relies on what only the embedded store keeps (an `undefined`, a Date) reads something else here;
 * - change notifications come `notificationDelayMs` after the write (a change stream is read from the oplog after
 *   the write committed), so a reader can see a change before it hears of it, and must not count on the order.
 */
export const withMongoLikeDocuments = (store: DocumentStore, { notificationDelayMs = 15 }: { notificationDelayMs?: number } = {}) => {
  const mongoLike: DocumentStore = Object.create(store) as DocumentStore;
  mongoLike.findOne = async <T extends Document = Document>(...args: Parameters<DocumentStore['findOne']>) => {
    const found = await store.findOne<T>(...args);
    return found && fromStored(found);
  };
  mongoLike.find = async <T extends Document = Document>(...args: Parameters<DocumentStore['find']>) =>
    (await store.find<T>(...args)).map((document) => fromStored(document));
  mongoLike.replaceOne = (collection, document) => store.replaceOne(collection, toStored(document));
  mongoLike.updateOne = (collection, filter, update, options) => store.updateOne(collection, filter, toStored(update), options);
  mongoLike.bulkWrite = (operations) => store.bulkWrite(operations.map(toStoredOperation));
  mongoLike.watch = (collection, options) => {
    const inner = store.watch(collection, options);
    const iterator = inner[Symbol.asyncIterator]();
    const delayed: ChangeStream = {
      close: () => inner.close(),
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<ChangeNotification>> => {
          const next = await iterator.next();
          await new Promise((resolve) => setTimeout(resolve, notificationDelayMs));
          if (next.done || !next.value.document) return next;
          return { done: false, value: { ...next.value, document: fromStored(next.value.document) } };
        },
      }),
    };
    return delayed;
  };
  return mongoLike;
};

/**
 * The embedded stores with the document store behaving as MongoDB does (`withMongoLikeDocuments`): the stores the
 * engine's tests also run on. The event store needs no wrapper: its port enforces EventStoreDB's limits and
 * positions on both adapters.
 */
export const openFaultInjectingStores = () => openTestStores({ documents: (store) => withMongoLikeDocuments(store) });

/**
 * The document store with bulk writes that fail as a MongoDB transaction can (a failover, a write-concern timeout,
 * a document over 16 MB): every write `fails` picks is refused whole, nothing of it stored. Turn it off by
 * making `fails` answer false. Everything else is the store itself.
 */
export const withFailingWrites = (store: DocumentStore, fails: (operations: readonly WriteOperation[]) => boolean) => {
  let refused = 0;
  const failing: DocumentStore = Object.create(store) as DocumentStore;
  failing.bulkWrite = (operations) => {
    if (!fails(operations)) return store.bulkWrite(operations);
    refused += 1;
    return Promise.reject(new Error('write failed: no primary'));
  };
  return { store: failing, refused: () => refused };
};

/**
 * The event store, counting what it hands out: how many subscriptions were opened and, per position, how many
 * times an event was delivered by a subscription or a read. On EventStoreDB each of those is a decode (the client's
 * event parsed and checked against its schema), so this counts decodes whatever the embedded store caches.
 */
export const withCountedReads = (store: EventStore) => {
  let subscriptions = 0;
  const subscribed = new Map<bigint, number>();
  const read = new Map<bigint, number>();
  const count = (counts: Map<bigint, number>, position: bigint) => counts.set(position, (counts.get(position) ?? 0) + 1);
  const counted: EventStore = Object.create(store) as EventStore;
  counted.readAll = async (options) => {
    const events = await store.readAll(options);
    for (const event of events) count(read, event.position);
    return events;
  };
  counted.subscribeToAll = (options) => {
    subscriptions += 1;
    const inner = store.subscribeToAll(options);
    const iterator = inner[Symbol.asyncIterator]();
    return {
      unsubscribe: () => inner.unsubscribe(),
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          const next = await iterator.next();
          if (!next.done) count(subscribed, next.value.position);
          return next;
        },
      }),
    };
  };
  return {
    store: counted,
    subscriptions: () => subscriptions,
    /** Deliveries by subscriptions, per position. */
    subscribed: () => new Map(subscribed),
    /** Deliveries by `readAll`, per position. */
    read: () => new Map(read),
  };
};
