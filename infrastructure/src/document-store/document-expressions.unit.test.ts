import { Query, update as applyUpdate } from 'mingo';
import { describe, expect, it } from 'vitest';
import { scalarEqualityTest, setScalarFields } from './document-expressions.ts';
import type { Update } from './document-store.ts';

// The fast paths must mean exactly what mingo (and MongoDB) mean where they apply, and step aside elsewhere.
describe('scalarEqualityTest', () => {
  const documents = [
    { _id: 'a', token: 't1', n: 1, on: true },
    { _id: 'a', token: 't2', n: 1, on: true },
    { _id: 'a', token: ['t0', 't1'], n: 2 },
    { _id: 'a', n: 1 },
    { _id: 'a', token: 'T1', n: '1', on: 'true' },
  ];

  it.each([{ _id: 'a', token: 't1' }, { _id: 'a', n: 1 }, { _id: 'a', on: true, n: 1 }, { token: 't1' }])('agrees with mingo on %j', (filter) => {
    const test = scalarEqualityTest(filter)!;
    expect(test).toBeDefined();
    for (const document of documents) expect(test(document)).toBe(new Query(filter).test(document));
  });

  it.each([{ _id: 'a', expiresAt: { $lte: 'x' } }, { 'a.b': 1 }, { _id: 'a', token: null }, { $or: [{ a: 1 }] }, { tags: ['x'] }])(
    'leaves %j to mingo',
    (filter) => expect(scalarEqualityTest(filter)).toBeUndefined(),
  );
});

describe('setScalarFields', () => {
  it.each([
    [{ _id: 'a', expiresAt: 'old' }, { $set: { expiresAt: 'new' } }],
    [{ _id: 'a', expiresAt: 'same' }, { $set: { expiresAt: 'same' } }],
    [{ _id: 'a' }, { $set: { owner: null, token: null, n: 0, on: false } }],
    [{ _id: 'a', owner: null }, { $set: { owner: null } }],
  ])('changes %j as mingo does under %j, and names the fields it changed', (document, update) => {
    const expected = structuredClone(document) as Record<string, unknown>;
    const mingoChanged = applyUpdate(expected, update);
    const actual = structuredClone(document) as Record<string, unknown>;
    expect(setScalarFields(actual, update)?.sort()).toEqual(mingoChanged.sort());
    expect(actual).toEqual(expected);
  });

  it.each<Update>([
    { $set: { _id: 'b' } },
    { $set: { 'a.b': 1 } },
    { $set: { list: [1] } },
    { $inc: { n: 1 } },
    { $set: { a: 1 }, $unset: { b: '' } },
  ])('leaves %j to mingo, the document untouched', (update) => {
    const document = { _id: 'a', a: 0, b: 1 };
    expect(setScalarFields(document, update)).toBeUndefined();
    expect(document).toEqual({ _id: 'a', a: 0, b: 1 });
  });
});
