import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestStores } from '../testing/embedded-stores.ts';
import { withFailingChangeFeed } from '../testing/fault-injecting-stores.ts';
import { followProjectionProgress, PROJECTIONS_COLLECTION, type ProjectionStatus } from './progress.ts';

const status = (position: number, collection = 'projects_v1'): ProjectionStatus => ({
  _id: 'projects',
  version: 1,
  collection,
  position,
  state: 'live',
  updatedAt: new Date(0).toISOString(),
});

describe('following the projections status through a failing change feed', () => {
  let stores: Awaited<ReturnType<typeof openTestStores>>;
  beforeEach(async () => {
    stores = await openTestStores();
  });
  afterEach(() => stores.cleanup());

  it('watches again after the feed fails, and hears what changed while it was down', async () => {
    const warn = vi.fn();
    const feed = withFailingChangeFeed(stores.documentStore, { failAfter: 1, refusals: 2 });
    const progress = await followProjectionProgress(feed.store, { logger: { warn }, retryDelaysMs: { first: 5, max: 20 } });
    try {
      await stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(10));
      await vi.waitFor(() => expect(progress.status('projects')?.position).toBe(10));
      // The feed is broken now: this change (a rebuild's switch) comes through the fresh read after watching again.
      await stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(20, 'projects_v2'));
      await vi.waitFor(() => expect(progress.collectionFor('projects')).toBe('projects_v2'));
      expect(feed.watchesOf(PROJECTIONS_COLLECTION)).toBe(4);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'the projections status feed failed; watching it again');
      // And the new feed carries on.
      expect(
        await Promise.all([
          progress.waitFor('projects', 30, 2000),
          stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(30, 'projects_v2')),
        ]),
      ).toEqual([true, undefined]);
    } finally {
      await progress.close();
    }
  });

  it('closes while it waits to watch again, without an unhandled rejection', async () => {
    const feed = withFailingChangeFeed(stores.documentStore, { failAfter: 0, refusals: 100 });
    const progress = await followProjectionProgress(feed.store, { retryDelaysMs: { first: 60_000, max: 60_000 } });
    await stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(1));
    await progress.close();
    expect(feed.watchesOf(PROJECTIONS_COLLECTION)).toBe(1);
  });
});
