import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './request-bounds.ts';

/** Arrays nested `depth` levels deep, built without recursion. */
const nestedArrays = (depth: number) => {
  const root: unknown[] = [];
  let inner = root;
  for (let level = 1; level < depth; level++) inner.push((inner = []));
  return root;
};

describe('nestsDeeperThan', () => {
  it.each([
    ['a string', 'text', 0],
    ['null', null, 0],
    ['an empty object', {}, 1],
    ['an object of scalars', { a: 1, b: 'x', c: null }, 1],
    ['an object holding a list of objects', { list: [{ a: 1 }] }, 3],
  ])('counts %s as %i levels', (_, value, depth) => {
    expect(nestsDeeperThan(value, depth)).toBe(false);
    if (depth > 0) expect(nestsDeeperThan(value, depth - 1)).toBe(true);
  });

  it('finds the one deep branch among shallow ones', () => {
    expect(nestsDeeperThan({ shallow: [1, 2, 3], deep: { a: { b: { c: {} } } }, after: {} }, 4)).toBe(true);
  });

  it('measures a value nested a million levels deep without overflowing the stack', () => {
    const deep = nestedArrays(1_000_000);
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(`${'['.repeat(500_000)}${']'.repeat(500_000)}`), 32)).toBe(true);
  });
});
