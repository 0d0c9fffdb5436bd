import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLmdbStreamIndex } from './lmdb-stream-index.ts';

describe('the LMDB stream index', () => {
  let path: string;
  let root: RootDatabase;
  beforeEach(async () => {
    path = await mkdtemp(join(tmpdir(), 'stream-index-'));
    root = open({ path });
  });
  afterEach(async () => {
    await root.close();
    await rm(path, { recursive: true, force: true });
  });

  const visible = { visibleThrough: Number.MAX_SAFE_INTEGER, backwards: false, maxCount: Number.MAX_SAFE_INTEGER };

  it('forgets what was persisted, including entries a reader added behind the persisted mark, and nothing else', async () => {
    const index = openLmdbStreamIndex(root, () => []);
    index.add('s', { id: 'e0', revision: 0, position: 10 });
    index.add('s', { id: 'e1', revision: 1, position: 20 });
    index.add('t', { id: 'e2', revision: 0, position: 30 });
    const through = await root.transaction(() => index.persistUnindexed());
    index.forgetThrough(20);
    expect(index.unindexedCount).toBe(1);
    index.forgetThrough(20);
    expect(index.unindexedCount).toBe(1);

    // A reader that looked at the log before the appender's index reached this event adds it behind the mark.
    index.add('s', { id: 'e1', revision: 1, position: 20 });
    index.forgetThrough(20);
    expect(index.unindexedCount).toBe(1);

    index.forgetThrough(through);
    expect(index.unindexedCount).toBe(0);
    expect(index.range('s', { ...visible, fromRevision: 0 })).toEqual([
      { revision: 0, position: 10 },
      { revision: 1, position: 20 },
    ]);
    expect(index.range('t', { ...visible, fromRevision: 0 })).toEqual([{ revision: 0, position: 30 }]);
  });

  it('persists only entries up to the limit it is given (what the log holds committed), keeping the rest in memory', async () => {
    const index = openLmdbStreamIndex(root, () => []);
    index.add('s', { id: 'e0', revision: 0, position: 10 });
    index.add('t', { id: 'e1', revision: 0, position: 20 });
    index.add('s', { id: 'e2', revision: 1, position: 30 });
    const through = await root.transaction(() => index.persistUnindexed(25));
    expect(through).toBe(20);
    expect(index.persistedThrough()).toBe(20);
    index.forgetThrough(through);
    expect(index.unindexedCount).toBe(1);
    // A fresh look at the disk: the entry past the limit was not written.
    const reopened = openLmdbStreamIndex(root, () => []);
    expect(reopened.range('s', { ...visible, fromRevision: 0 })).toEqual([{ revision: 0, position: 10 }]);
    // The rest is still served from memory, joined to the persisted part.
    expect(index.range('s', { ...visible, fromRevision: 0 })).toMatchObject([
      { revision: 0, position: 10 },
      { revision: 1, position: 30 },
    ]);
  });

  it('reads a stream forwards from memory alone, or from disk and memory joined, as the revision asked for falls', async () => {
    const index = openLmdbStreamIndex(root, () => []);
    index.add('s', { id: 'e0', revision: 0, position: 10 });
    index.add('s', { id: 'e1', revision: 1, position: 20 });
    await root.transaction(() => index.persistUnindexed());
    index.forgetThrough(20);
    index.add('s', { id: 'e2', revision: 2, position: 30 });
    index.add('s', { id: 'e3', revision: 3, position: 40 });

    const revisions = (fromRevision: number, visibleThrough = Number.MAX_SAFE_INTEGER) =>
      index.range('s', { ...visible, fromRevision, visibleThrough }).map(({ revision }) => revision);
    expect(revisions(0)).toEqual([0, 1, 2, 3]);
    expect(revisions(1)).toEqual([1, 2, 3]);
    expect(revisions(2)).toEqual([2, 3]);
    expect(revisions(3)).toEqual([3]);
    expect(revisions(4)).toEqual([]);
    // An event of a transaction still committing is not shown yet.
    expect(revisions(2, 30)).toEqual([2]);
    expect(index.range('s', { ...visible, fromRevision: 2, maxCount: 1 })).toMatchObject([{ revision: 2, position: 30 }]);
  });
});
