/**
 * What changed in a document, as MongoDB update paths: `set` the dotted paths whose values are new (an array's
 * element by its index), `unset` the paths removed. MongoDB applies them as `$set`/`$unset`; the embedded store's
 * change log carries them instead of the document.
 */
export interface FieldChanges {
  set: Record<string, unknown>;
  unset: string[];
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key a dotted path can name: MongoDB reads `.` as a separator and a leading `$` as an operator. */
const addressable = (key: string) => key !== '' && !key.includes('.') && !key.startsWith('$');

/** Equal as JSON text would be: a field holding `undefined` is absent, and `undefined` in an array is null. */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  let fields = 0;
  for (const key in a) {
    if (a[key] === undefined) continue;
    fields++;
    if (!jsonEqual(a[key], b[key])) return false;
  }
  for (const key in b) if (b[key] !== undefined) fields--;
  return fields === 0;
};

const pathOf = (prefix: string, key: string | number) => (prefix === '' ? String(key) : `${prefix}.${key}`);

/**
 * An array's changes element by element (appended ones set by index, which MongoDB and mingo both append), unless
 * it shrank or most of it changed (an insertion at the front moves every element): then the array is set whole,
 * which says it in fewer bytes.
 */
const diffArray = (before: readonly unknown[], after: readonly unknown[], path: string, changes: FieldChanges) => {
  if (after.length < before.length) {
    changes.set[path] = after;
    return;
  }
  const changed: number[] = [];
  for (let i = 0; i < before.length; i++) if (!jsonEqual(before[i] ?? null, after[i] ?? null)) changed.push(i);
  if (changed.length * 2 > before.length) {
    changes.set[path] = after;
    return;
  }
  for (const i of changed) diffValue(before[i] ?? null, after[i] ?? null, pathOf(path, i), changes);
  for (let i = before.length; i < after.length; i++) changes.set[pathOf(path, i)] = after[i] ?? null;
};

const diffObject = (before: JsonObject, after: JsonObject, prefix: string, changes: FieldChanges) => {
  for (const key in after) {
    const value = after[key];
    if (value === undefined) continue;
    const path = pathOf(prefix, key);
    if (before[key] === undefined) changes.set[path] = value;
    else diffValue(before[key], value, path, changes);
  }
  for (const key in before) if (before[key] !== undefined && after[key] === undefined) changes.unset.push(pathOf(prefix, key));
};

const diffValue = (before: unknown, after: unknown, path: string, changes: FieldChanges) => {
  if (before === after) return;
  if (isObject(before) && isObject(after)) {
    // A field whose name a path cannot hold is reached through its parent, set whole.
    if (Object.keys(before).every(addressable) && Object.keys(after).every(addressable)) diffObject(before, after, path, changes);
    else if (!jsonEqual(before, after)) changes.set[path] = after;
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    diffArray(before, after, path, changes);
    return;
  }
  if (!jsonEqual(before, after)) changes.set[path] = after;
};

/**
 * The changes that turn `before` into `after` (two versions of one document), as field paths; undefined when a
 * top-level field's name cannot be a path (the document is then written whole). Parts the two share by reference
 * are passed over unread: a projection's new document shares most of its parts with the one it was folded from.
 */
export const changesBetween = (before: JsonObject, after: JsonObject): FieldChanges | undefined => {
  if (!Object.keys(before).every(addressable) || !Object.keys(after).every(addressable)) return undefined;
  const changes: FieldChanges = { set: {}, unset: [] };
  diffObject(before, after, '', changes);
  return changes;
};

export const hasChanges = ({ set, unset }: FieldChanges) => unset.length > 0 || Object.keys(set).length > 0;

/** The value at a dotted path (an array's element by its index), as an update operator reports the paths it modified. */
export const valueAtPath = (document: JsonObject, path: string): unknown => {
  let value: unknown = document;
  for (const key of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
};
