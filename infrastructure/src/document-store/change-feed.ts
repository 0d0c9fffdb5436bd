import { createChangeBuffer, type ChangeBuffer } from './change-buffer.ts';
import type { ChangeNotification, ChangeStream, Document } from './document-store.ts';

/** A committed write; `json` is the document as stored, absent for a delete. */
export interface CommittedChange {
  collection: string;
  id: string;
  json?: string;
}

export interface ChangeFeed {
  watch(collection: string): ChangeStream;
  /** Call after the changes are committed, in commit order. */
  publish(changes: readonly CommittedChange[]): void;
  closeAll(): Promise<void>;
  /** Ends every watcher's stream with this error (a change stream's failure: the watcher must watch again). */
  failAll(error: unknown): void;
  /** Whether anything watches at all. */
  watching(): boolean;
}

const toNotification = ({ collection, id, json }: CommittedChange): ChangeNotification =>
  json === undefined
    ? { collection, operation: 'delete', id }
    : // parsed per watcher so that no consumer can alter what another one sees
      { collection, operation: 'upsert', id, document: JSON.parse(json) as Document };

/** The embedded store's stand-in for MongoDB change streams: an in-process emitter. */
export const createChangeFeed = (): ChangeFeed => {
  const watchers = new Map<string, Set<ChangeBuffer>>();

  const watch = (collection: string): ChangeStream => {
    const ofCollection = watchers.get(collection) ?? new Set<ChangeBuffer>();
    watchers.set(collection, ofCollection);
    const buffer = createChangeBuffer(() => {
      ofCollection.delete(buffer);
      if (ofCollection.size === 0 && watchers.get(collection) === ofCollection) watchers.delete(collection);
    });
    ofCollection.add(buffer);
    return buffer.stream;
  };

  const publish = (changes: readonly CommittedChange[]) => {
    for (const change of changes) {
      const ofCollection = watchers.get(change.collection);
      if (!ofCollection) continue;
      for (const buffer of ofCollection) buffer.push(toNotification(change));
    }
  };

  const closeAll = async () => {
    await Promise.all([...watchers.values()].flatMap((ofCollection) => [...ofCollection].map(({ stream }) => stream.close())));
  };

  const failAll = (error: unknown) => {
    const failing = [...watchers.values()].flatMap((ofCollection) => [...ofCollection]);
    // A failed stream is done: its watcher watches again, and the new stream is the one that hears changes.
    watchers.clear();
    for (const buffer of failing) buffer.fail(error);
  };

  return { watch, publish, closeAll, failAll, watching: () => watchers.size > 0 };
};
