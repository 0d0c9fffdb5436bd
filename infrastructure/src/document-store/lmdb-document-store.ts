import { open, TransactionFlags, type Database } from 'lmdb';
import { Query, find as mingoFind, update as applyUpdate } from 'mingo';
import type { Modifier } from 'mingo/updater';
import { LRUCache } from 'lru-cache';
import { deepFreeze, FREEZE_SHARED_VALUES } from '../runtime/shared-values.ts';
import { openCommitSignal, type CommitSignal } from '../runtime/commit-signal.ts';
import { createChangeFeed, fieldsOf, type ChangeFeed, type CommittedChange } from './change-feed.ts';
import {
  assertDocumentId,
  assertUpdateOperators,
  assertUpsertable,
  idFromFilter,
  idRangeFromFilter,
  scalarEqualityTest,
  setScalarFields,
  stringFromFilter,
  upsertSeed,
  type IdRange,
} from './document-expressions.ts';
import { hasChanges, valueAtPath } from './document-changes.ts';
import { equalityFieldsOf, indexable, openValueIndexes } from './lmdb-value-index.ts';
import {
  ChangedDocumentMissingError,
  RequiredWriteUnmatchedError,
  type Document,
  type FieldChanges,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type Sort,
  type Update,
  type WriteOperation,
} from './document-store.ts';

export interface LmdbDocumentStoreOptions {
  /** A directory; created if missing. */
  path: string;
  /**
   * true (the default): a write resolves once fsynced. false: once committed, with the fsync overlapping the next
   * write; LMDB stays intact, and a power cut may undo the last commits. Read models can take false: a
   * projection's checkpoint commits with its documents, so an undone commit is simply applied again from the log,
   * and their writes then stop queueing behind the disk behind the event log's own fsyncs.
   */
  syncEachWrite?: boolean;
  /**
   * false (the default): lmdb-js's write thread commits, and the calling thread hands each commit over and is woken
   * when it is done. true: the calling thread commits itself, the calls of one event turn in one transaction, and
   * waits for the commit's fsync (overlapping, with `syncEachWrite: false`: LMDB stays intact whatever is cut).
   * For a thread that only writes (the embedded server's projection thread): at a few hundred commands a second
   * every batch is its own commit, and the hand-offs between threads cost more CPU than the commit does.
   */
  commitsOnThisThread?: boolean;
  /**
   * false (the default): one process has the store, and watchers hear its writes from memory. true: several
   * processes write and watch the same directory (the services run apart, as in the compose topology): every
   * commit also records its changes in a change log, in the same transaction, and watchers in every process hear
   * them by following that log, as MongoDB's change streams follow the oplog.
   */
  shared?: boolean;
  /**
   * How often a shared store looks for changes in the change log, while something watches, where it cannot be
   * woken by the writers' commit signal instead (see commit-signal.ts): a file system without inotify.
   */
  followIntervalMs?: number;
  /** How many changes the shared change log keeps: a watcher further behind is told it lost its place. */
  changeLogKeeps?: number;
  /** How many bytes of changes the shared change log keeps, whatever their number (see CHANGE_LOG_KEEPS_BYTES). */
  changeLogKeepsBytes?: number;
  /**
   * Top-level fields carried beside each change (in the change log, for a shared store): a watcher that asks for
   * no more than these (`watch(collection, { fields })`) is served from them and never parses the document. Every
   * process that writes a shared store must open it with the same list.
   */
  notifiedFields?: readonly string[];
  /** Called after each commit (a shared store's way to wake watchers in other threads at once). */
  onCommit?: () => void;
  /**
   * A shared store's wake-up: `wakeOn(follow)` calls `follow` whenever another writer committed; returns its
   * removal. Given, it replaces the commit signal (every other writer is in this process, and tells of its commits).
   */
  wakeOn?: (follow: () => void) => () => void;
}

/**
 * A change log entry: the header `["collection","id"]`; for an upsert, then a line with its notified fields (a JSON
 * object, or empty), a line with what changed (FieldChanges as JSON, or empty when the document was written whole)
 * and, for a document written whole, the document. As MongoDB's change streams: an insert or a replacement carries
 * its document, an update only what it changed, so a one-field change to a large document costs the log a few
 * hundred bytes, and a watcher of whole documents reads the document as stored when such a change reaches it. A
 * document written whole must travel with its change: it may be gone by the time another process reads the log
 * (the AI progress messages, deleted as soon as their request ends). The parts are not wrapped in one JSON value:
 * JSON inside JSON would be escaped on write and unescaped by every follower. JSON.stringify never writes a raw
 * newline, so newlines separate the parts. Followers start at the newest entry, so a log written by an earlier
 * version (which carried documents elsewhere) is never read.
 */
const logEntry = ({ collection, id, operation, notified, changes, json }: CommittedChange) => {
  if (operation === 'delete') return JSON.stringify([collection, id]);
  const entry = `${JSON.stringify([collection, id])}\n${notified ?? ''}\n${changes ?? ''}`;
  return changes === undefined && json !== undefined ? `${entry}\n${json}` : entry;
};

const fromLogEntry = (entry: string): CommittedChange => {
  const headerEnd = entry.indexOf('\n');
  if (headerEnd === -1) {
    const [collection, id] = JSON.parse(entry) as [string, string];
    return { collection, id, operation: 'delete' };
  }
  const [collection, id] = JSON.parse(entry.slice(0, headerEnd)) as [string, string];
  const notifiedEnd = entry.indexOf('\n', headerEnd + 1);
  const change: CommittedChange = { collection, id, operation: 'upsert' };
  if (notifiedEnd > headerEnd + 1) change.notified = entry.slice(headerEnd + 1, notifiedEnd);
  const changesEnd = entry.indexOf('\n', notifiedEnd + 1);
  if (changesEnd === -1) {
    if (notifiedEnd + 1 < entry.length) change.changes = entry.slice(notifiedEnd + 1);
  } else {
    change.json = entry.slice(changesEnd + 1);
  }
  return change;
};

/**
 * What the shared change log holds at most, in bytes (and CHANGE_LOG_KEEPS entries): entries are about 300 bytes
 * and a command makes about four, so some 8 s of changes at 1,000 commands/s, half a minute at 300/s. A watcher
 * further behind (a process stalled that long) is told it lost its place and re-reads what it needs, as it does
 * after a change stream fails.
 */
export const CHANGE_LOG_KEEPS_BYTES = 8 * 1024 * 1024;
export const CHANGE_LOG_KEEPS = 50_000;

/** A shared store's watcher fell further behind than the change log reaches; watch again and read afresh. */
export class ChangeLogOverrunError extends Error {
  override readonly name = 'ChangeLogOverrunError';
}

type DocumentKey = [collection: string, id: string];

// ordered-binary sorts binary after every string, so this closes a collection's key range without reaching into a
// collection whose name merely starts with this one's (`projects` and `projects_v2`)
const AFTER_EVERY_ID = Buffer.from([0xff]);
/** How many stored bytes the parsed documents kept for `findOne` may stand for (their objects take a few times that). */
const PARSED_KEPT_BYTES = 8 * 1024 * 1024;

const rangeOf = (collection: string) => ({ start: [collection], end: [collection, AFTER_EVERY_ID] });

/**
 * Ids in the order LMDB keeps them: ordered-binary writes a string as its UTF-8 bytes (but for the control
 * characters below 5, and a string that begins with one below 28, which ids of printable text never hold), and
 * MongoDB orders strings by their UTF-8 bytes too.
 */
const compareIds = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const belowRange = ({ gt, gte }: IdRange, id: string) =>
  (gte !== undefined && compareIds(id, gte) < 0) || (gt !== undefined && compareIds(id, gt) <= 0);
const aboveRange = ({ lt, lte }: IdRange, id: string) =>
  (lt !== undefined && compareIds(id, lt) >= 0) || (lte !== undefined && compareIds(id, lte) > 0);

/** The direction a sort asks for, if it sorts by `_id` alone (or not at all): key order serves it. */
const idOrderOf = (sort: Sort | undefined): 1 | -1 | undefined => {
  const keys = Object.keys(sort ?? {});
  if (keys.length === 0) return 1;
  return keys.length === 1 && keys[0] === '_id' ? sort!._id : undefined;
};

/**
 * Documents a find in key order reads between two turns of the event loop: a find whose filter matches few of a
 * long range (a rare kind among a project's 20,000 history entries) does not hold up every other request while
 * it reads on.
 */
const KEY_ORDER_CHUNK = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `transactionSync`'s flags for a commit made on the calling thread: lmdb-js's default (abortable, committed before
 * it returns) and, where the environment overlaps its fsyncs, NO_SYNC_FLUSH (LMDB's MDB_NOSYNC), which there makes
 * the commit's fsync the overlapping kind (mdb.c: the write lock is let go before the fsync, and a power cut leaves
 * the last synced commit), as on lmdb-js's own write thread. The calling thread still waits for that fsync.
 */
const commitFlags = (overlappingSync: boolean) =>
  TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | (overlappingSync ? TransactionFlags.NO_SYNC_FLUSH : 0);

/** How far an index's ids for a value are counted when a query could read either of two values (see `indexedIds`). */
const INDEX_COUNT_LIMIT = 10_000;

/** `stages.1.data` → `stages`: the top-level fields that paths reach into. */
const topLevelFieldsOf = (paths: readonly string[]) => paths.map((path) => path.split('.', 1)[0]!);

const countOf = (items: Iterable<unknown>): number => {
  let count = 0;
  for (const _item of items) count++;
  return count;
};

const asModifier = (update: Update) => update as Modifier<Document>;

/**
 * The embedded document store: LMDB keyed by `[collection, _id]`, documents stored as JSON strings (measured faster to
 * scan than msgpack), MongoDB's query and update language evaluated by mingo.
 */
export const openLmdbDocumentStore = ({
  path,
  syncEachWrite = true,
  commitsOnThisThread = false,
  shared = false,
  followIntervalMs = 10,
  changeLogKeeps = CHANGE_LOG_KEEPS,
  changeLogKeepsBytes = CHANGE_LOG_KEEPS_BYTES,
  notifiedFields = [],
  onCommit,
  wakeOn,
}: LmdbDocumentStoreOptions): DocumentStore => {
  // with overlappingSync (the Linux default) a write resolves before its fsync
  const environment = open({ path, overlappingSync: !syncEachWrite });
  // a named database leaves the environment's root free should anything else ever share it
  const db = environment.openDB<string, DocumentKey>({ name: 'documents', encoding: 'string' });
  const indexes = openValueIndexes(environment);
  // Changes from the log carry no document: one is read as it is stored when a watcher wants it whole.
  const feed = createChangeFeed(notifiedFields, (collection, id) => db.get([collection, id]));
  const changeLog = shared
    ? followChangeLog(environment.openDB<string, number>({ name: 'changes', encoding: 'string' }), feed, {
        intervalMs: followIntervalMs,
        keeps: changeLogKeeps,
        keepsBytes: changeLogKeepsBytes,
        signal: openCommitSignal(path),
        woken: wakeOn !== undefined,
      })
    : undefined;
  const stopWaking = changeLog && wakeOn ? wakeOn(() => changeLog.followNow()) : undefined;
  /**
   * lmdb-js keeps one read snapshot until the next event turn, renewed after this store's own commits only: a
   * shared store's read must see what other writers committed meanwhile, as MongoDB's reads do.
   */
  const readFresh = shared ? () => environment.resetReadTxn() : () => undefined;

  const read = (collection: string, id: string): Document | undefined => {
    const json = db.get([collection, id]);
    return json === undefined ? undefined : (JSON.parse(json) as Document);
  };

  /**
   * `findOne` by id as last parsed: every GET of a project reads its document for the ownership check, and parsing
   * it again was a tenth of the request. The stored bytes are still read each time and compared with the bytes last
   * parsed, so an answer is never stale; only the parse is saved, and on a hit the decode too: LMDB's bytes are read
   * into its reused buffer and compared as they are (a memcmp, no string made), and copied only when they differ.
   * Readers share the object and never change it (frozen under the tests); updates read their own copy, which they
   * change in place.
   */
  const parsed = new LRUCache<string, { bytes: Buffer; document: Document }>({
    maxSize: PARSED_KEPT_BYTES,
    sizeCalculation: ({ bytes }) => bytes.length,
  });
  const readShared = (collection: string, id: string): Document | undefined => {
    // Valid until the next read: lmdb-js sets its `length` to the value's, its byteLength is the whole buffer's.
    const stored = db.getBinaryFast([collection, id]);
    if (stored === undefined) return undefined;
    const length = stored.length;
    const key = `${collection}\u0000${id}`;
    const known = parsed.get(key);
    if (known !== undefined && known.bytes.length === length && known.bytes.compare(stored, 0, length) === 0) return known.document;
    // Stored as a string: its UTF-8 bytes, decoded as `db.get` decodes them.
    const bytes = Buffer.from(stored.subarray(0, length));
    const document = JSON.parse(bytes.toString('utf8')) as Document;
    if (FREEZE_SHARED_VALUES) deepFreeze(document);
    // A document larger than the whole allowance is not kept: lru-cache refuses it.
    parsed.set(key, { bytes, document });
    return document;
  };

  function* scan(collection: string): Generator<Document> {
    for (const { value } of db.getRange(rangeOf(collection))) yield JSON.parse(value) as Document;
  }

  const compiled = (filter: Filter) => {
    const query = new Query(filter);
    return (document: Document) => query.test(document);
  };

  /** The indexed fields the filter pins to a value an index holds: what an index can answer it from. */
  const pinnedValues = (collection: string, filter: Filter): { field: string; value: string }[] =>
    indexes.fieldsOf(collection).flatMap((field) => {
      const value = stringFromFilter(filter, field);
      return value !== undefined && indexable(value) ? [{ field, value }] : [];
    });

  /**
   * The ids an index holds for a value the filter pins (in id order, as a scan reads them), where one does. Where it
   * pins several indexed fields (`{ status: 'published', ownerId }`), the value held by fewer documents is read:
   * each is counted up to the smallest count so far, so a common value costs no more than the rarer one.
   */
  const indexedIds = (collection: string, filter: Filter): Iterable<string> | undefined => {
    let best: { field: string; value: string; count: number } | undefined;
    for (const { field, value } of pinnedValues(collection, filter)) {
      if (best === undefined) {
        best = { field, value, count: Number.POSITIVE_INFINITY };
        continue;
      }
      if (best.count === Number.POSITIVE_INFINITY) best.count = indexes.countWith(collection, best.field, best.value, INDEX_COUNT_LIMIT);
      // no document holds it: nothing to read, whatever else the filter pins
      if (best.count === 0) break;
      const count = indexes.countWith(collection, field, value, best.count);
      if (count < best.count) best = { field, value, count };
    }
    return best && indexes.idsWith(collection, best.field, best.value);
  };

  function* byIds(collection: string, ids: Iterable<string>): Generator<Document> {
    for (const id of ids) {
      const document = read(collection, id);
      if (document) yield document;
    }
  }

  function* matching(collection: string, filter: Filter, { shared = false } = {}): Generator<Document> {
    const id = idFromFilter(filter);
    if (id !== undefined) {
      const document = shared ? readShared(collection, id) : read(collection, id);
      if (document && (Object.keys(filter).length === 1 || (scalarEqualityTest(filter) ?? compiled(filter))(document))) yield document;
      return;
    }
    const query = new Query(filter);
    const range = idRangeFromFilter(filter);
    const ids = range === undefined ? indexedIds(collection, filter) : undefined;
    const documents = ids !== undefined ? byIds(collection, ids) : range === undefined ? scan(collection) : inKeyOrder(collection, range, 1);
    for (const document of documents) if (query.test(document)) yield document;
  }

  /**
   * The collection's documents whose `_id` is in the range, in key order (`-1`: from the last), from `after` (an id
   * read before, not read again): a page of a range reads only what it keeps and what its filter skips.
   */
  function* inKeyOrder(collection: string, range: IdRange, order: 1 | -1, after?: string): Generator<Document> {
    const low = range.gte ?? range.gt;
    const high = range.lt ?? range.lte;
    const options =
      order === 1
        ? { start: [collection, after ?? low ?? ''], end: [collection, AFTER_EVERY_ID] }
        : { start: [collection, after ?? high ?? AFTER_EVERY_ID], end: [collection], reverse: true };
    for (const { key, value } of db.getRange(options)) {
      const id = key[1];
      if (id === after) continue;
      // past the far end: nothing further along can be in the range
      if (order === 1 ? aboveRange(range, id) : belowRange(range, id)) return;
      // an excluded bound, where the read began
      if (order === 1 ? belowRange(range, id) : aboveRange(range, id)) continue;
      yield JSON.parse(value) as Document;
    }
  }

  /**
   * A find sorted by `_id` (or not sorted): a key range read in order that stops once the page is full, read a
   * chunk at a time with a turn of the event loop between chunks (each chunk takes up from the last id read).
   */
  const findInKeyOrder = async (collection: string, filter: Filter, order: 1 | -1, skip: number, limit: number): Promise<Document[]> => {
    const range = idRangeFromFilter(filter) ?? {};
    const query = new Query(filter);
    const result: Document[] = [];
    let skipped = 0;
    let after: string | undefined;
    for (;;) {
      let read = 0;
      for (const document of inKeyOrder(collection, range, order, after)) {
        after = document._id;
        read++;
        if (query.test(document)) {
          if (skipped < skip) skipped++;
          else {
            result.push(document);
            if (limit > 0 && result.length === limit) return result;
          }
        }
        if (read === KEY_ORDER_CHUNK) break;
      }
      if (read < KEY_ORDER_CHUNK) return result;
      await nextTurn();
      readFresh();
    }
  };

  const first = (documents: Iterable<Document>): Document | undefined => {
    for (const document of documents) return document;
    return undefined;
  };

  /** `limit` 0 means no limit, as in MongoDB. */
  const page = (documents: Iterable<Document>, skip: number, limit: number): Document[] => {
    const result: Document[] = [];
    let skipped = 0;
    for (const document of documents) {
      if (skipped < skip) {
        skipped++;
        continue;
      }
      result.push(document);
      if (limit > 0 && result.length === limit) break;
    }
    return result;
  };

  /** The document's `notifiedFields`, as JSON: a few small fields, serialised on their own. */
  const notifiedOf = (document: Document) => (notifiedFields.length === 0 ? undefined : JSON.stringify(fieldsOf(document, notifiedFields)));

  /**
   * `fieldChanges`: what changed, as JSON, when known; `changedFields`: the top-level fields it changed, when known
   * (an index of a field the write did not change is left as it is).
   */
  const write = (collection: string, document: Document, changes: CommittedChange[], fieldChanges?: string, changedFields?: readonly string[]) => {
    const json = JSON.stringify(document);
    db.putSync([collection, document._id], json);
    indexes.written(collection, document, changedFields);
    const change: CommittedChange = { collection, id: document._id, operation: 'upsert', json };
    const notified = notifiedOf(document);
    if (notified !== undefined) change.notified = notified;
    if (fieldChanges !== undefined) change.changes = fieldChanges;
    changes.push(change);
  };

  /** What an update operator modified, at the paths it reports. */
  const changesAt = (document: Document, paths: readonly string[]): string => {
    const changes: FieldChanges = { set: {}, unset: [] };
    for (const path of paths) {
      const value = valueAtPath(document, path);
      if (value === undefined) changes.unset.push(path);
      else changes.set[path] = value;
    }
    return JSON.stringify(changes);
  };

  const upsert = (collection: string, filter: Filter, update: Update, changes: CommittedChange[]) => {
    const { _id, ...fields } = upsertSeed(filter);
    assertDocumentId(_id);
    const document: Document = { _id };
    // the filter's fields are set before the update so that the update wins where both name a field, as in MongoDB
    if (Object.keys(fields).length > 0) applyUpdate(document, { $set: fields });
    applyUpdate(document, asModifier(update));
    write(collection, document, changes);
  };

  const apply = (operation: WriteOperation, changes: CommittedChange[]): boolean => {
    switch (operation.kind) {
      case 'replace': {
        const { collection, document } = operation;
        if (!operation.changes) {
          write(collection, document, changes);
          return true;
        }
        // Changes that change nothing write nothing, as on MongoDB.
        if (!hasChanges(operation.changes)) return true;
        // Refused as MongoDB, which would apply the changes alone, must refuse them: the two stores stay interchangeable.
        if (!db.doesExist([collection, document._id])) throw new ChangedDocumentMissingError(collection, document._id);
        const { set, unset } = operation.changes;
        write(collection, document, changes, JSON.stringify(operation.changes), topLevelFieldsOf([...Object.keys(set), ...unset]));
        return true;
      }
      case 'update': {
        const { collection, filter, update } = operation;
        const target = first(matching(collection, filter));
        if (target) {
          const modified = setScalarFields(target, update) ?? applyUpdate(target, asModifier(update));
          // an update that changes nothing is not a change: MongoDB logs no event for it either
          if (modified.length > 0) write(collection, target, changes, changesAt(target, modified), topLevelFieldsOf(modified));
          return true;
        }
        if (operation.required) throw new RequiredWriteUnmatchedError(collection, filter);
        if (!operation.upsert) return false;
        upsert(collection, filter, update, changes);
        return true;
      }
      case 'delete': {
        const { collection, id } = operation;
        const deleted = db.removeSync([collection, id]);
        if (deleted) {
          indexes.deleted(collection, id);
          changes.push({ collection, id, operation: 'delete' });
        }
        return deleted;
      }
      default: {
        const unhandled: never = operation;
        throw new Error(`unknown write operation ${(unhandled as { kind: string }).kind}`);
      }
    }
  };

  const validate = (operation: WriteOperation) => {
    if (operation.kind === 'replace') assertDocumentId(operation.document._id);
    if (operation.kind === 'delete') assertDocumentId(operation.id);
    if (operation.kind === 'update') {
      assertUpdateOperators(operation.update);
      if (operation.upsert) assertUpsertable(operation.filter);
    }
  };

  /**
   * Every write goes through here: one child transaction per call, so a throw part-way rolls back that call alone,
   * while the calls of one event turn share one commit (group commit), made by lmdb-js's write thread or, with
   * `commitsOnThisThread`, by this one (`commitTurnHere`). Calls resolve in call order, which is commit order.
   */
  const transact = <T>(work: () => T): Promise<T> => (commitsOnThisThread ? commitTurnHere(work) : db.childTransaction(work));

  /** The calls of this event turn still to commit, when this thread commits (`commitsOnThisThread`). */
  let turn: { work: () => unknown; resolve: (value: never) => void; reject: (error: unknown) => void }[] = [];
  const commitTurnHere = <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (turn.length === 0) setImmediate(commitTurn);
      turn.push({ work, resolve, reject });
    });
  const commitTurn = () => {
    const calls = turn;
    // already committed by `close`
    if (calls.length === 0) return;
    turn = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      environment.transactionSync(() => {
        for (const { work } of calls) {
          try {
            outcomes.push({ ok: true, value: db.childTransaction(work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }, commitFlags(!syncEachWrite));
    } catch (error) {
      // the commit itself failed: nothing of the turn was written
      for (const { reject } of calls) reject(error);
      return;
    }
    calls.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) resolve(outcome.value as never);
      else reject(outcome.error);
    });
  };

  const commit = (operations: readonly WriteOperation[]): Promise<boolean[]> => {
    try {
      operations.forEach(validate);
    } catch (error) {
      return Promise.reject(error);
    }
    return transact(() => {
      const changes: CommittedChange[] = [];
      const results = operations.map((operation) => apply(operation, changes));
      changeLog?.record(changes);
      return { results, changes };
    }).then(({ results, changes }) => {
      // A shared store's watchers hear every process's changes, this one's included, from the change log.
      if (!changeLog) feed.publish(changes);
      if (changes.length > 0) {
        changeLog?.committed();
        onCommit?.();
      }
      return results;
    });
  };

  const commitOne = async (operation: WriteOperation): Promise<boolean> => {
    const [result] = await commit([operation]);
    return result ?? false;
  };

  return {
    findOne: async <T extends Document = Document>(collection: string, filter: Filter) => {
      readFresh();
      return (first(matching(collection, filter, { shared: true })) as T | undefined) ?? null;
    },

    find: async <T extends Document = Document>(collection: string, filter: Filter = {}, { sort, skip = 0, limit = 0 }: FindOptions = {}) => {
      readFresh();
      // An `_id` range, or a sort by `_id`: read in key order, only as far as the page needs.
      const order = idOrderOf(sort);
      const range = idRangeFromFilter(filter);
      const servedByIndex = range === undefined && pinnedValues(collection, filter).length > 0;
      if (order !== undefined && !servedByIndex && idFromFilter(filter) === undefined && (sort !== undefined || range !== undefined)) {
        return (await findInKeyOrder(collection, filter, order, skip, limit)) as T[];
      }
      const documents = matching(collection, filter);
      if (!sort) return page(documents, skip, limit) as T[];
      let cursor = mingoFind<T>(Array.from(documents), {}).sort(sort);
      if (skip > 0) cursor = cursor.skip(skip);
      if (limit > 0) cursor = cursor.limit(limit);
      return cursor.all();
    },

    count: async (collection, filter = {}) => {
      readFresh();
      if (Object.keys(filter).length === 0) return db.getKeysCount(rangeOf(collection));
      return countOf(matching(collection, filter));
    },

    replaceOne: async (collection, document) => {
      await commitOne({ kind: 'replace', collection, document });
    },

    updateOne: (collection, filter, update, { upsert = false } = {}) => commitOne({ kind: 'update', collection, filter, update, upsert }),

    deleteOne: (collection, id) => commitOne({ kind: 'delete', collection, id }),

    bulkWrite: async (operations) => {
      if (operations.length > 0) await commit(operations);
    },

    dropCollection: async (collection) => {
      await transact(() => {
        // keys are collected first: deleting under a live cursor of the same write transaction is not safe
        for (const key of Array.from(db.getKeys(rangeOf(collection)))) db.removeSync(key);
        indexes.dropped(collection);
      });
    },

    watch: (collection, options) => {
      const stream = feed.watch(collection, options?.fields);
      changeLog?.followWhileWatched();
      return stream;
    },

    // A query that pins an indexed field to one string reads that value's documents (lmdb-value-index.ts); one that
    // must stay small on a large collection otherwise names an `_id` range, read as a key range (see findInKeyOrder).
    createIndexes: async (collection, specs) => {
      const fields = equalityFieldsOf(specs);
      readFresh();
      if (fields.every((field) => indexes.fieldsOf(collection).includes(field))) return;
      // Built in one transaction with the documents as they stand: no write of the collection comes between.
      await transact(() => indexes.create(collection, fields, () => scan(collection)));
    },

    close: async () => {
      // writes asked for in this event turn are committed before the environment closes, as lmdb-js does for its own
      commitTurn();
      stopWaking?.();
      changeLog?.stop();
      await feed.closeAll();
      await environment.close();
    },
  };
};

/**
 * What the change log holds: its oldest entry's number and the bytes of its entries; `trimming` while it is being
 * trimmed down to three quarters of its bounds, a few entries a commit (a record without it: not trimming).
 */
interface ChangeLogHeld {
  oldest: number;
  bytes: number;
  trimming?: boolean;
}

/** How many entries a commit deletes from the change log at most, unless more must go to keep within its bounds (see `record`). */
const TRIM_PER_COMMIT = 256;

/**
 * The key of the change log's record of what it holds: after every entry's number, so that it sits in the leaf
 * page the newest entries are written to, and a commit that updates it writes no page it would not have written.
 */
const HELD = Number.MAX_SAFE_INTEGER;

/**
 * The shared store's change log: entries numbered 1, 2, 3… in commit order, written inside each commit's write
 * transaction (LMDB lets one process write at a time, so the numbering cannot race). Each process follows it
 * while it has watchers, from the newest entry at the time its following began, and publishes what it reads to
 * its own watchers. It reads when something committed, never on a timer: after its own commits, when `wakeOn`
 * says another thread committed, else when another process's commit signal fires (a poll only where the signal
 * cannot be watched). It keeps at most `keeps` entries and `keepsBytes` bytes, counted in a record written in the
 * same transaction as each commit (so every writing process agrees): a commit that passes either bound drops the
 * oldest entries over it, and it and the commits after it drop at most TRIM_PER_COMMIT more each until the log is
 * down to three quarters of both, so that the log's oldest pages are rewritten in runs now and then, not on every
 * commit, LMDB reuses them, and no single commit stalls its thread on thousands of deletions.
 */
const followChangeLog = (
  log: Database<string, number>,
  feed: ChangeFeed,
  { intervalMs, keeps, keepsBytes, signal, woken }: { intervalMs: number; keeps: number; keepsBytes: number; signal: CommitSignal; woken: boolean },
) => {
  const newest = () => {
    for (const key of log.getKeys({ reverse: true, limit: 2 })) if (key !== HELD) return key;
    return 0;
  };
  /** The record of what the log holds, counted afresh where there is none (a log begun by an earlier version). */
  const heldNow = (): ChangeLogHeld => {
    const known = log.get(HELD);
    if (known !== undefined) return JSON.parse(known) as ChangeLogHeld;
    let oldest = 0;
    let bytes = 0;
    for (const { key, value } of log.getRange({ end: HELD })) {
      if (oldest === 0) oldest = key;
      bytes += Buffer.byteLength(value);
    }
    return { oldest: oldest || newest() + 1, bytes };
  };
  /** Set while following: how to stop. */
  let following: (() => void) | undefined;
  let readThrough = 0;

  const follow = () => {
    // the newest commits, whatever snapshot an earlier read in this event turn left open
    log.resetReadTxn();
    const changes: CommittedChange[] = [];
    for (const { key, value } of log.getRange({ start: readThrough + 1, end: HELD })) {
      if (key !== readThrough + 1) {
        // Trimmed past what this process had read: its watchers missed changes and must read afresh.
        feed.failAll(new ChangeLogOverrunError(`the change log no longer holds change ${readThrough + 1}: watch again`));
        readThrough = newest();
        return;
      }
      changes.push(fromLogEntry(value));
      readThrough = key;
    }
    if (changes.length > 0) feed.publish(changes);
  };

  const stop = () => {
    following?.();
    following = undefined;
  };
  /** A wake-up: the watchers gone, following ends until something watches again. */
  const wake = () => {
    if (!following) return;
    if (!feed.watching()) stop();
    else follow();
  };
  const poll = () => {
    const timer = setInterval(wake, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  };

  return {
    /** Inside the commit's write transaction, which sees its own earlier writes. */
    record(changes: readonly CommittedChange[]) {
      if (changes.length === 0) return;
      const record = heldNow();
      let next = newest();
      for (const change of changes) {
        const entry = logEntry(change);
        next++;
        record.bytes += Buffer.byteLength(entry);
        log.putSync(next, entry);
      }
      // The newest entry stays whatever its size: a follower one change behind must find it.
      const over = () => record.bytes > keepsBytes || next - record.oldest + 1 > keeps;
      const trimmedEnough = () => record.bytes <= keepsBytes * 0.75 && next - record.oldest + 1 <= keeps * 0.75;
      if (record.trimming || over()) {
        // A commit deletes at most TRIM_PER_COMMIT entries on the way down to three quarters, or more only as many as
        // bring the log back within its bounds: done in one commit, that way down was some 4,500 deletions at once (a
        // quarter of 8 MB), ~10 ms of the writing thread every few seconds, which every command behind it waited out.
        let removed = 0;
        while (record.oldest < next && !trimmedEnough() && (over() || removed < TRIM_PER_COMMIT)) {
          const entry = log.get(record.oldest);
          if (entry !== undefined) {
            record.bytes -= Buffer.byteLength(entry);
            log.removeSync(record.oldest);
          }
          record.oldest++;
          removed++;
        }
        record.trimming = record.oldest < next && !trimmedEnough();
      }
      log.putSync(HELD, JSON.stringify(record));
    },
    /** After this process's own commit: its watchers hear it at once, and other processes are signalled. */
    committed() {
      wake();
      signal.committed();
    },
    /** Follows at once (another writer said it committed), if anything watches. */
    followNow: wake,
    followWhileWatched() {
      if (following) return;
      // Watched before reading where to start: a commit in between is then read by the first wake-up.
      following = woken
        ? () => {}
        : (signal.watch(wake, () => {
            following = poll();
          }) ?? poll());
      readThrough = newest();
    },
    stop: () => {
      stop();
      signal.close();
    },
  };
};
