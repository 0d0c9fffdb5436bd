import { describe, expect, it } from 'vitest';
import { createUpcasterRegistry, noUpcasters, type Upcaster } from './upcasting.ts';

/** NameGiven v1 `{ name }` → v2 `{ first, last }` → v3 adds `source` from metadata. */
const nameGivenUpcasters: Upcaster[] = [
  {
    eventType: 'NameGiven',
    fromVersion: 2,
    upcast: (data, metadata) => ({ ...(data as object), source: metadata.source ?? 'unknown' }),
  },
  {
    eventType: 'NameGiven',
    fromVersion: 1,
    upcast: (data) => {
      const [first, last] = (data as { name: string }).name.split(' ');
      return { first, last };
    },
  },
];

describe('upcaster registry', () => {
  const registry = createUpcasterRegistry(nameGivenUpcasters);

  it('puts a type at the version after its last upcaster, and other types at 1', () => {
    expect(registry.currentVersion('NameGiven')).toBe(3);
    expect(registry.currentVersion('Other')).toBe(1);
    expect(noUpcasters.currentVersion('NameGiven')).toBe(1);
  });

  it('upgrades old data step by step to the newest shape, whatever order the upcasters were registered in', () => {
    expect(registry.upcast('NameGiven', 1, { name: 'Ada Lovelace' }, { source: 'import' })).toEqual({
      data: { first: 'Ada', last: 'Lovelace', source: 'import' },
      schemaVersion: 3,
    });
    expect(registry.upcast('NameGiven', 2, { first: 'Ada', last: 'Lovelace' }, {})).toEqual({
      data: { first: 'Ada', last: 'Lovelace', source: 'unknown' },
      schemaVersion: 3,
    });
  });

  it('leaves current data, other types and versions newer than it knows untouched', () => {
    const current = { first: 'Grace', last: 'Hopper', source: 'form' };
    expect(registry.upcast('NameGiven', 3, current, {})).toEqual({ data: current, schemaVersion: 3 });
    expect(registry.upcast('NameGiven', 4, { future: true }, {})).toEqual({ data: { future: true }, schemaVersion: 4 });
    expect(registry.upcast('Other', 1, { any: 1 }, {})).toEqual({ data: { any: 1 }, schemaVersion: 1 });
  });

  it('refuses a chain with a gap, a duplicate or a version below 1', () => {
    const step = (fromVersion: number): Upcaster => ({ eventType: 'T', fromVersion, upcast: (data) => data });
    expect(() => createUpcasterRegistry([step(1), step(3)])).toThrow(/skip version 2/);
    expect(() => createUpcasterRegistry([step(2)])).toThrow(/skip version 1/);
    expect(() => createUpcasterRegistry([step(1), step(1)])).toThrow(/two upcasters/);
    expect(() => createUpcasterRegistry([step(0)])).toThrow(RangeError);
  });
});
