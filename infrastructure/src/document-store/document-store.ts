import type { FieldChanges } from './document-changes.ts';

export type { FieldChanges };

/**
 * The document store port: the subset of MongoDB the read models need. The embedded adapter runs MongoDB's
 * query and update language through mingo on LMDB; the MongoDB adapter is the real thing. Both pass
 * document-store.contract.ts.
 */

export type Document = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
/** MongoDB update operators: $set, $unset, $inc, $push, $pull, $addToSet. */
export type Update = Record<string, Record<string, unknown>>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
}

/** One write of a batch. Batches are applied atomically. */
export type WriteOperation =
  | {
      kind: 'replace';
      collection: string;
      /** The document as it is to be stored: upserted whole, unless `changes` says what differs. */
      document: Document;
      /**
       * What differs from the document the store holds, when the writer knows it (a projection remembers what it
       * wrote): MongoDB is then sent only these fields (`$set`/`$unset`), and the embedded store, which writes the
       * whole document, carries only these in its change log. The document must be stored already: otherwise the
       * batch fails with ChangedDocumentMissingError and nothing of it is written.
       */
      changes?: FieldChanges;
    }
  | {
      kind: 'update';
      collection: string;
      filter: Filter;
      update: Update;
      upsert?: boolean;
      /**
       * The whole batch is written only if this update matches a document: otherwise nothing is written and the
       * batch fails with RequiredWriteUnmatchedError. A fence: a projection's batch carries an update of its lease
       * that names the lease's token, so a process that lost the lease cannot write (see projections' leases.ts).
       */
      required?: boolean;
    }
  | { kind: 'delete'; collection: string; id: string };

/** An index: its fields in order, each ascending (1) or descending (-1), as a query filters and sorts by them. */
export interface IndexSpec {
  key: Readonly<Record<string, 1 | -1>>;
}

/** A batch's `required` update matched no document: nothing of the batch was written. */
export class RequiredWriteUnmatchedError extends Error {
  override readonly name = 'RequiredWriteUnmatchedError';
  constructor(collection: string, filter: Filter) {
    super(`required write matched no document in ${collection}: ${JSON.stringify(filter)}`);
  }
}

/** A batch named the changes to a document the store does not hold: nothing of the batch was written. */
export class ChangedDocumentMissingError extends Error {
  override readonly name = 'ChangedDocumentMissingError';
  constructor(collection: string, id: string) {
    super(`changes to ${collection} ${id} name a document that is not stored: write it whole`);
  }
}

export interface ChangeNotification {
  collection: string;
  operation: 'upsert' | 'delete';
  id: string;
  /**
   * The document as it is now (MongoDB's `updateLookup`: read when the change is delivered, so it may be newer
   * than the change); absent for a delete, and when the document is gone by then.
   */
  document?: Document;
  /**
   * What the change set and removed, when the store knows (an update, or a replace that named its changes), for a
   * watcher that asked for whole documents. The embedded store's change log carries these, not documents.
   */
  changes?: FieldChanges;
}

export interface WatchOptions {
  /**
   * Only these top-level fields of a changed document are wanted: each notification's document holds them (those
   * it has) and `_id`, nothing else. A watcher that needs a field or two of large documents then never has them
   * read whole (MongoDB projects the change stream; the embedded store can carry them beside each change).
   */
  fields?: readonly string[];
}

export interface ChangeStream extends AsyncIterable<ChangeNotification> {
  close(): Promise<void>;
}

export interface DocumentStore {
  /** The document found is the caller's to read, not to change: the embedded store hands the same object to every reader. */
  findOne<T extends Document = Document>(collection: string, filter: Filter): Promise<T | null>;
  find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /** Upserts the whole document. */
  replaceOne(collection: string, document: Document): Promise<void>;
  /** Applies update operators to the first matching document; returns whether one matched (or was upserted). */
  updateOne(collection: string, filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<boolean>;
  deleteOne(collection: string, id: string): Promise<boolean>;
  /** Applies every operation or none, in order: a projection writes documents and its checkpoint together. */
  bulkWrite(operations: readonly WriteOperation[]): Promise<void>;
  /** Watchers of the collection get no notification for a drop, and keep watching. */
  dropCollection(collection: string): Promise<void>;
  /**
   * Creates the indexes a collection's queries need (MongoDB builds them; the embedded store, which keeps a
   * collection in key order and filters in memory, has none to build). Creating an index that exists changes nothing.
   * On either store, a query that must not read a whole collection names an `_id` range (`$gt`, `$gte`, `$lt`,
   * `$lte` on string ids) and sorts by `_id` or not at all: the embedded store reads that key range in order and
   * stops once the page is full, as MongoDB does on its `_id` index.
   */
  createIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /** Changes to one collection from now on (in MongoDB: a change stream; embedded: an in-process feed). */
  watch(collection: string, options?: WatchOptions): ChangeStream;
  close(): Promise<void>;
}
