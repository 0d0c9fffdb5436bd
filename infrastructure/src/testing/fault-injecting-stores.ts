import type { ChangeNotification, ChangeStream, DocumentStore } from '../document-store/document-store.ts';
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
  failing.watch = (collection) => {
    const watch = (watches.get(collection) ?? 0) + 1;
    watches.set(collection, watch);
    if (watch > 1 && refused < refusals) {
      refused += 1;
      throw new Error('not primary');
    }
    const inner = store.watch(collection);
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
