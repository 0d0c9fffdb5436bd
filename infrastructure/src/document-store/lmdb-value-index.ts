import type { Database, RootDatabase } from 'lmdb';
import type { Document, IndexSpec } from './document-store.ts';

/**
 * The embedded store's indexes: for each collection, the fields a query may pin to one string value
 * (`{ ownerId }`), each with the ids of the documents holding that value, kept in the same transactions as the
 * documents. Without them a person's project list, a create's name check and a sign-in's hand-over read every
 * project stored, anyone's (measured: 16 ms at 1,000 projects, 380 ms at 40,000, the request thread held
 * throughout); with them they read the person's own.
 *
 * Which fields: the first field of each compound index a collection declares. MongoDB's own rule for compound
 * indexes puts the fields a query asks one value of first (equality, then sort, then range), so that first field is
 * the one queries pin; a single-field index (`expiresAt`, `hour`) serves sorts and ranges, which the embedded store
 * answers by reading in key order or in memory, and keeping it would only add writes.
 *
 * What is indexed: a field's string values (each string of an array, as MongoDB's multikey indexes do), of printable
 * text and at most VALUE_MAX_LENGTH characters. A query for any other value reads the collection as before, so an
 * answer never depends on whether a value could be indexed.
 */
const VALUE_MAX_LENGTH = 256;
/**
 * Whether a value is one an index holds, so that a query for it can be answered from the index. Printable text only:
 * ordered-binary separates an array key's parts with a control character (see `idsWith`).
 */
export const indexable = (value: string) => {
  if (value.length > VALUE_MAX_LENGTH) return false;
  for (let at = 0; at < value.length; at++) if (value.charCodeAt(at) < 0x20) return false;
  return true;
};

/** The fields the embedded store indexes for these index declarations (see above). */
export const equalityFieldsOf = (indexes: readonly IndexSpec[]): string[] => [
  ...new Set(
    indexes.flatMap(({ key }) => {
      const fields = Object.keys(key);
      return fields.length > 1 && fields[0] !== '_id' && !fields[0]!.includes('.') ? [fields[0]!] : [];
    }),
  ),
];

const valuesOf = (document: Document, field: string): string[] => {
  const value = (document as Record<string, unknown>)[field];
  const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return [...new Set(values.filter(indexable))];
};

type IndexedValues = Record<string, string[]>;
// ordered-binary sorts binary after every string: closes one value's range of ids
const AFTER_EVERY_ID = Buffer.from([0xff]);

export interface ValueIndexes {
  /** The fields of the collection that are indexed, as this transaction (or read snapshot) sees them. */
  fieldsOf(collection: string): readonly string[];
  /** The ids of the collection's documents whose `field` holds `value`, in id order (as the collection is kept). */
  idsWith(collection: string, field: string, value: string): Iterable<string>;
  /** How many documents' `field` holds `value`, counted up to `limit`. */
  countWith(collection: string, field: string, value: string, limit: number): number;
  /** Within a write transaction: the document was written; `changedFields`, when known, are the top-level fields it changed. */
  written(collection: string, document: Document, changedFields?: readonly string[]): void;
  /** Within a write transaction: the document was deleted. */
  deleted(collection: string, id: string): void;
  /** Within a write transaction: the collection was emptied (its indexes go with it, as MongoDB's drop). */
  dropped(collection: string): void;
  /** Within a write transaction: indexes the fields not yet indexed, from the documents stored. */
  create(collection: string, fields: readonly string[], documents: () => Iterable<Document>): void;
}

export const openValueIndexes = (environment: RootDatabase): ValueIndexes => {
  /** Per collection, the fields indexed (JSON array of names). Written only once an index is complete. */
  const fieldsDb: Database<string, string> = environment.openDB({ name: 'index-fields', encoding: 'string' });
  /** [collection, field, value, id] → nothing: the index entries. */
  const entries: Database<string, (string | Buffer)[]> = environment.openDB({ name: 'index-entries', encoding: 'string' });
  /** [collection, id] → the values indexed for that document (JSON), so a write removes what it no longer holds. */
  const indexedOf: Database<string, string[]> = environment.openDB({ name: 'index-values', encoding: 'string' });

  let lastFields: { json: string; fields: readonly string[] } = { json: '[]', fields: [] };
  const fieldsOf = (collection: string): readonly string[] => {
    const json = fieldsDb.get(collection);
    if (json === undefined) return [];
    if (json !== lastFields.json) lastFields = { json, fields: JSON.parse(json) as string[] };
    return lastFields.fields;
  };

  const remove = (collection: string, id: string, values: IndexedValues) => {
    for (const [field, strings] of Object.entries(values)) for (const value of strings) entries.removeSync([collection, field, value, id]);
  };

  const index = (collection: string, document: Document, fields: readonly string[]) => {
    const values: IndexedValues = {};
    for (const field of fields) {
      const strings = valuesOf(document, field);
      if (strings.length === 0) continue;
      values[field] = strings;
      for (const value of strings) entries.putSync([collection, field, value, document._id], '');
    }
    return values;
  };

  const written = (collection: string, document: Document, changedFields?: readonly string[]) => {
    const fields = fieldsOf(collection);
    if (fields.length === 0) return;
    // The index follows the document as written last, so a write that changed no indexed field leaves it as it is.
    if (changedFields !== undefined && !changedFields.some((field) => fields.includes(field))) return;
    const before = indexedOf.get([collection, document._id]);
    if (before !== undefined) remove(collection, document._id, JSON.parse(before) as IndexedValues);
    const values = index(collection, document, fields);
    if (Object.keys(values).length > 0) indexedOf.putSync([collection, document._id], JSON.stringify(values));
    else if (before !== undefined) indexedOf.removeSync([collection, document._id]);
  };

  const deleted = (collection: string, id: string) => {
    const before = indexedOf.get([collection, id]);
    if (before === undefined) return;
    remove(collection, id, JSON.parse(before) as IndexedValues);
    indexedOf.removeSync([collection, id]);
  };

  const dropped = (collection: string) => {
    // keys are collected first: deleting under a live cursor of the same write transaction is not safe
    for (const key of Array.from(entries.getKeys({ start: [collection], end: [collection, AFTER_EVERY_ID] }))) entries.removeSync(key);
    for (const key of Array.from(indexedOf.getKeys({ start: [collection], end: [collection, AFTER_EVERY_ID] }))) indexedOf.removeSync(key);
    fieldsDb.removeSync(collection);
  };

  const create = (collection: string, wanted: readonly string[], documents: () => Iterable<Document>) => {
    const known = fieldsOf(collection);
    const fields = wanted.filter((field) => !known.includes(field));
    if (fields.length === 0) return;
    for (const document of documents()) {
      const values = index(collection, document, fields);
      if (Object.keys(values).length === 0) continue;
      const before = indexedOf.get([collection, document._id]);
      indexedOf.putSync(
        [collection, document._id],
        JSON.stringify({ ...(before === undefined ? {} : (JSON.parse(before) as IndexedValues)), ...values }),
      );
    }
    fieldsDb.putSync(collection, JSON.stringify([...known, ...fields]));
  };

  function* idsWith(collection: string, field: string, value: string): Generator<string> {
    for (const key of entries.getKeys({ start: [collection, field, value], end: [collection, field, value, AFTER_EVERY_ID] })) {
      yield key[3] as string;
    }
  }

  const countWith = (collection: string, field: string, value: string, limit: number) => {
    let count = 0;
    for (const _key of entries.getKeys({ start: [collection, field, value], end: [collection, field, value, AFTER_EVERY_ID], limit })) count++;
    return count;
  };

  return {
    fieldsOf,
    idsWith,
    countWith,
    written,
    deleted,
    dropped,
    create,
  };
};
