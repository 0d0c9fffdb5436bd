import { createChangeBuffer, type ChangeBuffer } from './change-buffer.ts';
import type { ChangeNotification, ChangeStream, Document, FieldChanges } from './document-store.ts';

/** A committed write. */
export interface CommittedChange {
  collection: string;
  id: string;
  operation: 'upsert' | 'delete';
  /**
   * The document as stored, known in the process that wrote it. The change log does not carry documents: a
   * watcher of whole documents has the document read when the change reaches it (`lookup`), as MongoDB's are.
   */
  json?: string;
  /** An upsert's `notifiedFields` (those the document has), as a JSON object: what a `fields` watcher reads instead of the document. */
  notified?: string;
  /** What the upsert set and removed (FieldChanges as JSON), when the store knows. */
  changes?: string;
}

export interface ChangeFeed {
  watch(collection: string, fields?: readonly string[]): ChangeStream;
  /** Call after the changes are committed, in commit order. */
  publish(changes: readonly CommittedChange[]): void;
  closeAll(): Promise<void>;
  /** Ends every watcher's stream with this error (a change stream's failure: the watcher must watch again). */
  failAll(error: unknown): void;
  /** Whether anything watches at all. */
  watching(): boolean;
}

/** The named top-level fields the document has. */
export const fieldsOf = (document: Record<string, unknown>, fields: readonly string[]) => {
  const result: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(document, field)) result[field] = document[field];
  return result;
};

/** A watcher, and the fields it asked for (all of them: undefined). */
interface Watcher {
  buffer: ChangeBuffer;
  fields?: readonly string[];
  /** Whether the change's `notified` fields hold every field asked for. */
  servedByNotified: boolean;
}

/**
 * The embedded store's stand-in for MongoDB change streams: an in-process emitter. `notifiedFields` are the fields
 * the store carries beside each change (`CommittedChange.notified`): a watcher asking for no more than those is
 * served from them, without parsing the document.
 */
export const createChangeFeed = (
  notifiedFields: readonly string[] = [],
  /** The document's JSON as stored now (undefined: gone), for a change that does not carry it. */
  lookup: (collection: string, id: string) => string | undefined = () => undefined,
): ChangeFeed => {
  const watchers = new Map<string, Set<Watcher>>();

  // Parsed per watcher so that no consumer can alter what another one sees.
  const toNotification = (change: CommittedChange, { fields, servedByNotified }: Watcher): ChangeNotification => {
    const { collection, id, notified } = change;
    if (change.operation === 'delete') return { collection, operation: 'delete', id };
    const source = fields && servedByNotified && notified !== undefined ? notified : (change.json ?? lookup(collection, id));
    if (source === undefined) return { collection, operation: 'upsert', id };
    if (fields)
      return { collection, operation: 'upsert', id, document: { ...fieldsOf(JSON.parse(source) as Record<string, unknown>, fields), _id: id } };
    const document = JSON.parse(source) as Document;
    return change.changes === undefined
      ? { collection, operation: 'upsert', id, document }
      : { collection, operation: 'upsert', id, document, changes: JSON.parse(change.changes) as FieldChanges };
  };

  const watch = (collection: string, fields?: readonly string[]): ChangeStream => {
    const ofCollection = watchers.get(collection) ?? new Set<Watcher>();
    watchers.set(collection, ofCollection);
    const watcher: Watcher = {
      buffer: createChangeBuffer(() => {
        ofCollection.delete(watcher);
        if (ofCollection.size === 0 && watchers.get(collection) === ofCollection) watchers.delete(collection);
      }),
      ...(fields ? { fields: [...fields] } : {}),
      servedByNotified: fields !== undefined && fields.every((field) => field === '_id' || notifiedFields.includes(field)),
    };
    ofCollection.add(watcher);
    return watcher.buffer.stream;
  };

  const publish = (changes: readonly CommittedChange[]) => {
    for (const change of changes) {
      const ofCollection = watchers.get(change.collection);
      if (!ofCollection) continue;
      for (const watcher of ofCollection) watcher.buffer.push(toNotification(change, watcher));
    }
  };

  const closeAll = async () => {
    await Promise.all([...watchers.values()].flatMap((ofCollection) => [...ofCollection].map(({ buffer }) => buffer.stream.close())));
  };

  const failAll = (error: unknown) => {
    const failing = [...watchers.values()].flatMap((ofCollection) => [...ofCollection]);
    // A failed stream is done: its watcher watches again, and the new stream is the one that hears changes.
    watchers.clear();
    for (const { buffer } of failing) buffer.fail(error);
  };

  return { watch, publish, closeAll, failAll, watching: () => watchers.size > 0 };
};
