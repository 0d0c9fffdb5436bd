import {
  MongoClient,
  type MongoClientOptions,
  type AnyBulkWriteOperation,
  type ChangeStreamDocument,
  type ChangeStream as MongoChangeStream,
  type Filter as MongoFilter,
  type ResumeToken,
  type UpdateFilter,
} from 'mongodb';
import { createChangeBuffer, type ChangeBuffer } from './change-buffer.ts';
import { hasChanges } from './document-changes.ts';
import { assertDocumentId, assertUpsertable } from './document-expressions.ts';
import {
  ChangedDocumentMissingError,
  RequiredWriteUnmatchedError,
  type ChangeNotification,
  type ChangeStream,
  type Document,
  type DocumentStore,
  type FieldChanges,
  type Filter,
  type FindOptions,
  type Update,
  type WatchOptions,
  type WriteOperation,
} from './document-store.ts';
import { asJsonValues } from './json-values.ts';

export interface MongoDocumentStoreOptions {
  url: string;
  /** Defaults to the database named in the URL. */
  database?: string;
}

const asMongoFilter = (filter: Filter) => filter as MongoFilter<Document>;
const asMongoUpdate = (update: Update) => asJsonValues(update) as UpdateFilter<Document>;

/** `$set` and `$unset` of the fields that changed: what MongoDB writes (and logs) for them alone. */
const asFieldUpdate = ({ set, unset }: FieldChanges): UpdateFilter<Document> => ({
  ...(Object.keys(set).length > 0 ? { $set: asJsonValues(set) } : {}),
  ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((path) => [path, ''])) } : {}),
});

/** A replace that names its changes: sent as those changes to the stored document, which must be there. */
const isFieldUpdate = (operation: WriteOperation): operation is Extract<WriteOperation, { kind: 'replace' }> & { changes: FieldChanges } =>
  operation.kind === 'replace' && operation.changes !== undefined;

const toWriteModel = (operation: WriteOperation): AnyBulkWriteOperation<Document> => {
  switch (operation.kind) {
    case 'replace':
      if (operation.changes) {
        return { updateOne: { filter: { _id: operation.document._id }, update: asFieldUpdate(operation.changes), upsert: false } };
      }
      return { replaceOne: { filter: { _id: operation.document._id }, replacement: asJsonValues(operation.document), upsert: true } };
    case 'update':
      return {
        updateOne: {
          filter: asMongoFilter(operation.filter),
          update: asMongoUpdate(operation.update),
          upsert: operation.upsert ?? false,
        },
      };
    case 'delete':
      return { deleteOne: { filter: { _id: operation.id } } };
    default: {
      const unhandled: never = operation;
      throw new Error(`unknown write operation ${(unhandled as { kind: string }).kind}`);
    }
  }
};

// the embedded store refuses these before writing; refusing them here too keeps the two stores interchangeable
// (MongoDB would otherwise give an upsert without a string _id an ObjectId)
const validate = (operation: WriteOperation) => {
  if (operation.kind === 'replace') assertDocumentId(operation.document._id);
  if (operation.kind === 'delete') assertDocumentId(operation.id);
  if (operation.kind === 'update' && operation.upsert) assertUpsertable(operation.filter);
};

/**
 * Consecutive operations on one collection, so that each run is one bulkWrite round trip and order is kept. Field
 * updates run apart from the rest, so that a run of them is known to have matched each of its documents.
 */
const runsByCollection = (operations: readonly WriteOperation[]) => {
  const runs: { collection: string; fieldUpdates: boolean; operations: WriteOperation[] }[] = [];
  for (const operation of operations) {
    const last = runs.at(-1);
    const fieldUpdates = isFieldUpdate(operation);
    if (last?.collection === operation.collection && last.fieldUpdates === fieldUpdates) last.operations.push(operation);
    else runs.push({ collection: operation.collection, fieldUpdates, operations: [operation] });
  }
  return runs;
};

/** Forwards one change event; returns the token to resume after when the event ended the stream (an invalidate). */
const forward = (collection: string, change: ChangeStreamDocument<Document>, buffer: ChangeBuffer): { resumeAfterInvalidate?: ResumeToken } => {
  switch (change.operationType) {
    case 'insert':
    case 'replace':
    case 'update': {
      const id = String(change.documentKey._id);
      // updateLookup reads the document after the event: null when it has been deleted since
      const document = change.fullDocument ?? undefined;
      const notification: ChangeNotification = document ? { collection, operation: 'upsert', id, document } : { collection, operation: 'upsert', id };
      if (change.operationType === 'update' && change.updateDescription) {
        const { updatedFields = {}, removedFields = [] } = change.updateDescription;
        notification.changes = { set: { ...updatedFields }, unset: [...removedFields] };
      }
      buffer.push(notification);
      return {};
    }
    case 'delete':
      buffer.push({ collection, operation: 'delete', id: String(change.documentKey._id) });
      return {};
    case 'invalidate':
      return { resumeAfterInvalidate: change._id };
    default:
      return {};
  }
};

/**
 * Bounds on every wait the driver does, so that a hung connection or a lost primary fails a request instead of
 * holding it for good: finding a server, opening a connection, waiting for one from the pool, and any one socket
 * read (a change stream's getMore answers within a second when idle, so 30 s of silence is a dead connection), and
 * committing a transaction. The driver's client-side operation timeout (`timeoutMS`) would say it in one option,
 * but it is still experimental and has known faults with sessions' bulk writes. A value in the URL wins.
 */
export const MONGO_TIMEOUTS = {
  serverSelectionTimeoutMS: 10_000,
  connectTimeoutMS: 10_000,
  waitQueueTimeoutMS: 10_000,
  socketTimeoutMS: 30_000,
} as const satisfies MongoClientOptions;

/** A transaction's commit waits at most this long for its write concern. */
export const MONGO_COMMIT_TIMEOUT_MS = 10_000;

/** The driver's options for `url`: the bounds above, except those the URL sets itself. */
export const mongoClientOptions = (url: string): MongoClientOptions => {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const named = new Set([...new URLSearchParams(query).keys()].map((key) => key.toLowerCase()));
  return Object.fromEntries(Object.entries(MONGO_TIMEOUTS).filter(([key]) => !named.has(key.toLowerCase())));
};

/** The document store on a MongoDB replica set (transactions and change streams need one). */
export const openMongoDocumentStore = async ({ url, database }: MongoDocumentStoreOptions): Promise<DocumentStore> => {
  const client = await MongoClient.connect(url, mongoClientOptions(url));
  const db = client.db(database);
  const collectionOf = (name: string) => db.collection<Document>(name);
  const watchesStarting = new Set<Promise<void>>();
  const openStreams = new Set<ChangeStream>();

  // A change stream sends its aggregate lazily, on the first read. Writes wait for the watches opened before them to
  // be listening, so that a watcher sees every write this store makes after watch() returns.
  const afterWatchesStarted = async () => {
    if (watchesStarting.size > 0) await Promise.all(watchesStarting);
  };

  const follow = async (
    collection: string,
    buffer: ChangeBuffer,
    state: { closed: boolean; current?: MongoChangeStream<Document> },
    started: () => void,
    fields: readonly string[] | undefined,
  ) => {
    // The document is looked up before the pipeline's stages run, so the projection keeps only what was asked for.
    const pipeline = fields
      ? [
          {
            $project: {
              operationType: 1,
              documentKey: 1,
              'fullDocument._id': 1,
              ...Object.fromEntries(fields.map((field) => [`fullDocument.${field}`, 1])),
            },
          },
        ]
      : [];
    let startAfter: ResumeToken; // unknown in the driver's types: undefined until the first change
    let listening = false;
    try {
      do {
        const stream = collectionOf(collection).watch<Document, ChangeStreamDocument<Document>>(pipeline, {
          fullDocument: 'updateLookup',
          ...(startAfter === undefined ? {} : { startAfter }),
        });
        state.current = stream;
        startAfter = undefined;
        if (!listening) {
          const change = await stream.tryNext();
          listening = true;
          started();
          if (change) startAfter = forward(collection, change, buffer).resumeAfterInvalidate;
        }
        if (startAfter === undefined && !state.closed) {
          for await (const change of stream) {
            startAfter = forward(collection, change, buffer).resumeAfterInvalidate;
            if (startAfter !== undefined) break;
          }
        }
        await stream.close();
        // a drop or rename invalidates a change stream; the port's watch lasts until close(), so it starts again
      } while (startAfter !== undefined && !state.closed);
    } catch (error) {
      if (!state.closed) buffer.fail(error);
    } finally {
      started();
    }
  };

  const watch = (collection: string, { fields }: WatchOptions = {}): ChangeStream => {
    const state: { closed: boolean; current?: MongoChangeStream<Document> } = { closed: false };
    const buffer = createChangeBuffer(async () => {
      state.closed = true;
      openStreams.delete(buffer.stream);
      await state.current?.close();
    });
    openStreams.add(buffer.stream);
    let started!: () => void;
    const starting = new Promise<void>((resolve) => {
      started = resolve;
    }).finally(() => watchesStarting.delete(starting));
    watchesStarting.add(starting);
    void follow(collection, buffer, state, started, fields);
    return buffer.stream;
  };

  const bulkWrite = async (operations: readonly WriteOperation[]) => {
    if (operations.length === 0) return;
    operations.forEach(validate);
    await afterWatchesStarted();
    const session = client.startSession();
    try {
      await session.withTransaction(
        async () => {
          const isRequired = (operation: WriteOperation) => operation.kind === 'update' && operation.required === true;
          // Changes that change nothing write nothing (MongoDB refuses an update without an operator).
          const unchanged = (operation: WriteOperation) => isFieldUpdate(operation) && !hasChanges(operation.changes);
          for (const run of runsByCollection(operations.filter((operation) => !isRequired(operation) && !unchanged(operation)))) {
            const written = await collectionOf(run.collection).bulkWrite(run.operations.map(toWriteModel), { session, ordered: true });
            if (run.fieldUpdates && written.matchedCount < run.operations.length) {
              const ids = run.operations.map((operation) => (operation.kind === 'replace' ? operation.document._id : ''));
              const stored = new Set(
                (
                  await collectionOf(run.collection)
                    .find({ _id: { $in: ids } }, { session, projection: { _id: 1 } })
                    .toArray()
                ).map(({ _id }) => _id),
              );
              throw new ChangedDocumentMissingError(run.collection, ids.find((id) => !stored.has(id)) ?? ids[0]!);
            }
          }
          // Run on their own, inside the transaction, to learn whether each matched (the transaction then aborts): a
          // write, so that a concurrent change of the same document conflicts with it, where a read would not.
          for (const operation of operations) {
            if (operation.kind !== 'update' || !operation.required) continue;
            const result = await collectionOf(operation.collection).updateOne(asMongoFilter(operation.filter), asMongoUpdate(operation.update), {
              session,
            });
            if (result.matchedCount === 0) throw new RequiredWriteUnmatchedError(operation.collection, operation.filter);
          }
        },
        { maxCommitTimeMS: MONGO_COMMIT_TIMEOUT_MS },
      );
    } finally {
      await session.endSession();
    }
  };

  return {
    findOne: async <T extends Document = Document>(collection: string, filter: Filter) =>
      (await collectionOf(collection).findOne(asMongoFilter(filter))) as T | null,

    find: async <T extends Document = Document>(collection: string, filter: Filter = {}, { sort, skip, limit }: FindOptions = {}) => {
      const cursor = collectionOf(collection).find(asMongoFilter(filter), {
        ...(sort ? { sort } : {}),
        ...(skip ? { skip } : {}),
        ...(limit ? { limit } : {}),
      });
      return (await cursor.toArray()) as T[];
    },

    count: (collection, filter = {}) => collectionOf(collection).countDocuments(asMongoFilter(filter)),

    replaceOne: async (collection, document) => {
      validate({ kind: 'replace', collection, document });
      await afterWatchesStarted();
      await collectionOf(collection).replaceOne({ _id: document._id }, asJsonValues(document), { upsert: true });
    },

    updateOne: async (collection, filter, update, { upsert = false } = {}) => {
      validate({ kind: 'update', collection, filter, update, upsert });
      await afterWatchesStarted();
      const result = await collectionOf(collection).updateOne(asMongoFilter(filter), asMongoUpdate(update), { upsert });
      return result.matchedCount > 0 || result.upsertedCount > 0;
    },

    deleteOne: async (collection, id) => {
      assertDocumentId(id);
      await afterWatchesStarted();
      const result = await collectionOf(collection).deleteOne({ _id: id });
      return result.deletedCount > 0;
    },

    bulkWrite,

    dropCollection: async (collection) => {
      await afterWatchesStarted();
      await collectionOf(collection).drop();
    },

    watch,

    createIndexes: async (collection, indexes) => {
      if (indexes.length === 0) return;
      await collectionOf(collection).createIndexes(indexes.map(({ key }) => ({ key: { ...key } })));
    },

    close: async () => {
      await Promise.all([...openStreams].map((stream) => stream.close()));
      await client.close();
    },
  };
};
