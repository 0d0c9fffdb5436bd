import fc from 'fast-check';
import { update } from 'mingo';
import type { Modifier } from 'mingo/updater';
import { describe, expect, it } from 'vitest';
import { changesBetween, hasChanges, jsonEqual, type FieldChanges } from './document-changes.ts';

type Json = Record<string, unknown>;

/** The changes as MongoDB applies them (mingo runs the same operators): what the store would hold after. */
const applied = (before: Json, { set, unset }: FieldChanges) => {
  const document = structuredClone(before);
  const modifier: Record<string, unknown> = {};
  if (Object.keys(set).length > 0) modifier.$set = structuredClone(set);
  if (unset.length > 0) modifier.$unset = Object.fromEntries(unset.map((path) => [path, '']));
  if (Object.keys(modifier).length > 0) update(document, modifier as Modifier<Json>);
  return document;
};

describe('changesBetween', () => {
  it('names only the paths that changed, appended array elements by index', () => {
    const stages = [{ notes: 'a' }, { notes: 'b' }];
    const before = { _id: 'p1', name: 'x', stages, list: ['a', 'b'], gone: 1, same: { deep: [1] } };
    const after = { _id: 'p1', name: 'y', stages, list: ['a', 'b', 'c'], same: { deep: [1] }, added: { n: 1 } };
    expect(changesBetween(before, after)).toEqual({ set: { name: 'y', 'list.2': 'c', added: { n: 1 } }, unset: ['gone'] });
  });

  it('sets an array whole when it shrank or most of it changed', () => {
    expect(changesBetween({ _id: 'a', list: [1, 2, 3] }, { _id: 'a', list: [1, 2] })).toEqual({ set: { list: [1, 2] }, unset: [] });
    expect(changesBetween({ _id: 'a', list: [1, 2, 3] }, { _id: 'a', list: [0, 1, 2, 3] })).toEqual({ set: { list: [0, 1, 2, 3] }, unset: [] });
  });

  it('sets an object whole whose field names a path cannot hold, and gives up on such a top-level field', () => {
    expect(changesBetween({ _id: 'a', streams: { 'a.b': 1 } }, { _id: 'a', streams: { 'a.b': 2 } })).toEqual({
      set: { streams: { 'a.b': 2 } },
      unset: [],
    });
    expect(changesBetween({ _id: 'a', $x: 1 }, { _id: 'a', $x: 2 })).toBeUndefined();
  });

  it('treats a field holding undefined as absent, as the stored JSON does', () => {
    const changes = changesBetween({ _id: 'a', x: undefined, y: 1 }, { _id: 'a', y: 1, z: undefined })!;
    expect(hasChanges(changes)).toBe(false);
    expect(jsonEqual({ a: [undefined] }, { a: [null] })).toBe(true);
  });

  it('turns any document into any other when applied as $set and $unset', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'list', '0', 'x');
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('s', 't', null, true)),
      array: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
    })).node;
    const document = fc.dictionary(key, value, { maxKeys: 5 }).map((fields) => ({ ...fields, _id: 'd' }));
    fc.assert(
      fc.property(document, document, (before, after) => {
        const changes = changesBetween(before, after)!;
        expect(applied(before, changes)).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });
});
