import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import { benchmarkAppends, benchmarkRawLmdbAppends } from './bench-appends.ts';
import { uncheckedEventTypes } from './decoding.ts';
import { openLmdbEventStore } from './lmdb-event-store.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-bench-appends-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The bench's figures count acknowledged appends: each counted one must be in the log, once, in its stream's order.
describe('the appends benchmark', () => {
  it('counts only appends the store acknowledged, each in its stream in order', async () => {
    const dir = freshDir();
    const result = await benchmarkAppends({ path: dir, writers: 4, durationMs: 200 });
    expect(result.events).toBeGreaterThan(0);
    const store = openLmdbEventStore({ path: dir, events: uncheckedEventTypes });
    const streams = await Promise.all([0, 1, 2, 3].map((writer) => store.readStream(`bench-${writer}`)));
    await store.close();
    expect(streams.flat()).toHaveLength(result.events);
    for (const events of streams) expect(events.map((event) => event.revision)).toEqual(events.map((_, index) => BigInt(index)));
  });

  it('measures its raw LMDB baseline the same way: one record per acknowledged append, each stream head moved by one', async () => {
    const dir = freshDir();
    const result = await benchmarkRawLmdbAppends({ path: dir, writers: 4, durationMs: 200 });
    expect(result.events).toBeGreaterThan(0);
    const root = open({ path: dir });
    const log = root.openDB<string, number>('events', { encoding: 'string' });
    const heads = root.openDB<number, string>('heads', { useVersions: true });
    const heights = [0, 1, 2, 3].map((writer) => heads.get(`bench-${writer}`) ?? 0);
    const records = log.getCount();
    await root.close();
    expect(records).toBe(result.events);
    expect(heights.reduce((sum, height) => sum + height, 0)).toBe(result.events);
  });
});
