import type { ChangeNotification, ChangeStream, DocumentStore } from '../document-store/document-store.ts';

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
