import type { Filter, Update } from './document-store.ts';

const UPDATE_OPERATORS = new Set([
  '$addToSet',
  '$bit',
  '$currentDate',
  '$inc',
  '$max',
  '$min',
  '$mul',
  '$pop',
  '$pull',
  '$pullAll',
  '$push',
  '$rename',
  '$set',
  '$unset',
]);

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((key) => key.startsWith('$'));

const equalityValue = (condition: unknown): { value: unknown } | undefined => {
  if (!isOperatorObject(condition)) return { value: condition };
  return Object.keys(condition).length === 1 && '$eq' in condition ? { value: condition.$eq } : undefined;
};

/** The `_id` a filter pins to one string, if it does: such a filter is served by a direct key lookup. */
export const idFromFilter = (filter: Filter): string | undefined => {
  if (!('_id' in filter)) return undefined;
  const id = equalityValue(filter._id)?.value;
  return typeof id === 'string' ? id : undefined;
};

/** The string a filter pins a top-level field to, if it does (`{ ownerId: 'u1' }` or `$eq`), as `idFromFilter` for `_id`. */
export const stringFromFilter = (filter: Filter, field: string): string | undefined => {
  if (!Object.hasOwn(filter, field)) return undefined;
  const value = equalityValue(filter[field])?.value;
  return typeof value === 'string' ? value : undefined;
};

/** Bounds on `_id` (strings), as a filter's `$gt`, `$gte`, `$lt` and `$lte` on it name them. */
export interface IdRange {
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
}

const RANGE_OPERATORS: ReadonlyMap<string, keyof IdRange> = new Map([
  ['$gt', 'gt'],
  ['$gte', 'gte'],
  ['$lt', 'lt'],
  ['$lte', 'lte'],
]);

/**
 * The `_id` range a filter names, if `_id`'s condition is nothing but string bounds: such a filter is served by a
 * key range (the embedded store keeps a collection in `_id` order), not by reading the whole collection.
 */
export const idRangeFromFilter = (filter: Filter): IdRange | undefined => {
  const condition = filter._id;
  if (!isOperatorObject(condition)) return undefined;
  const range: IdRange = {};
  for (const [operator, bound] of Object.entries(condition)) {
    const name = RANGE_OPERATORS.get(operator);
    if (name === undefined || typeof bound !== 'string') return undefined;
    range[name] = bound;
  }
  return range;
};

/**
 * The equality fields of a filter, as MongoDB seeds the document an upsert inserts (dotted paths stay dotted, for
 * `$set`); `$and` clauses count, other operators do not.
 */
export const upsertSeed = (filter: Filter): Record<string, unknown> => {
  const seed: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition as Filter[]) Object.assign(seed, upsertSeed(clause));
      continue;
    }
    if (field.startsWith('$')) continue;
    const equality = equalityValue(condition);
    if (equality) seed[field] = equality.value;
  }
  return seed;
};

export const assertUpsertable = (filter: Filter): void => {
  if (idFromFilter(filter) === undefined) {
    throw new TypeError(`an upsert needs a filter with a string _id, got ${JSON.stringify(filter)}`);
  }
};

// MongoDB rejects an unknown operator even when nothing matches; checking up front makes the embedded store agree.
export const assertUpdateOperators = (update: Update): void => {
  const operators = Object.keys(update);
  if (operators.length === 0) throw new TypeError('an update needs at least one operator');
  for (const operator of operators) {
    if (!UPDATE_OPERATORS.has(operator)) throw new TypeError(`unknown update operator ${operator}`);
  }
};

export const assertDocumentId: (id: unknown) => asserts id is string = (id) => {
  if (typeof id !== 'string') throw new TypeError(`a document _id must be a string, got ${JSON.stringify(id)}`);
};

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isPlainField = (field: string) => !field.startsWith('$') && !field.includes('.');

/**
 * The test of a filter whose every condition is a top-level field equal to a string, number or boolean (a
 * lease's `{ _id, token }`, say), with MongoDB's meaning (equal, or an array holding it); undefined for any
 * other filter. mingo builds its whole operator table for each query it compiles: for the small conditional
 * writes a server makes at rest (lease renewals) that was most of their cost.
 */
export const scalarEqualityTest = (filter: Filter): ((document: Record<string, unknown>) => boolean) | undefined => {
  const conditions = Object.entries(filter);
  if (!conditions.every(([field, value]) => isPlainField(field) && isScalar(value))) return undefined;
  return (document) =>
    conditions.every(([field, value]) => {
      const actual = document[field];
      return actual === value || (Array.isArray(actual) && actual.includes(value));
    });
};

/**
 * Applies an update that only `$set`s top-level fields (not `_id`) to strings, numbers, booleans or null, in
 * place, and answers the fields it changed, as mingo's update does (as MongoDB, an unchanged value is no change);
 * undefined, with the document untouched, for any other update (mingo applies those).
 */
export const setScalarFields = (document: Record<string, unknown>, update: Update): string[] | undefined => {
  const operators = Object.keys(update);
  if (operators.length !== 1 || operators[0] !== '$set') return undefined;
  const fields = Object.entries(update.$set as Record<string, unknown>);
  if (!fields.every(([field, value]) => isPlainField(field) && field !== '_id' && (isScalar(value) || value === null))) return undefined;
  const changed: string[] = [];
  for (const [field, value] of fields) {
    if (document[field] === value) continue;
    document[field] = value;
    changed.push(field);
  }
  return changed;
};
