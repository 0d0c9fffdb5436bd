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

describe('waiting for a position past events the projection ignores', () => {
  let stores: Awaited<ReturnType<typeof openTestStores>>;
  beforeEach(async () => {
    stores = await openTestStores();
  });
  afterEach(() => stores.cleanup());

  const at = new Date(0).toISOString();
  const create = async (projectId: string) =>
    Number(
      (
        await stores.eventStore.appendToStream(`project-${projectId}`, [
          {
            id: crypto.randomUUID(),
            type: 'ProjectCreated',
            data: { projectId, ownerId: 'visitor-1', name: 'Idea', coreIdea: '', parameters: [], createdAt: at },
          },
        ])
      ).position,
    );
  // what a visitor's create appends after its project: the visitor's list of projects, which no project read model reads
  const list = async (projectId: string) =>
    Number(
      (
        await stores.eventStore.appendToStream('visitor-projects-visitor-1', [
          { id: crypto.randomUUID(), type: 'VisitorProjectRecorded', data: { visitorId: 'visitor-1', projectId, recordedAt: at } },
        ])
      ).position,
    );

  it('passes the ignored events after the checkpoint, waits for the newest handled one, and waits as asked where it cannot tell', async () => {
    const handled = new Set(['ProjectCreated']);
    const progress = await followProjectionProgress(stores.documentStore, {
      ignoredEvents: { eventStore: stores.eventStore, handles: (name) => (name === 'projects' ? handled : undefined) },
    });
    const plain = await followProjectionProgress(stores.documentStore);
    try {
      const created = await create('p1');
      const listed = await list('p1');
      await stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(created));
      await vi.waitFor(() => expect(progress.status('projects')?.position).toBe(created));
      // The list's event changes nothing the projection serves: applied through `created`, it has applied `listed`.
      expect(await progress.waitFor('projects', listed, 50)).toBe(true);
      // Without the log to read, the wait is for the checkpoint itself.
      expect(await plain.waitFor('projects', listed, 50)).toBe(false);
      // A projection whose events are not known to it, and a position no event holds yet: waited for as asked.
      expect(await progress.waitFor('other', listed, 50)).toBe(false);
      expect(await progress.waitFor('projects', listed + 1, 50)).toBe(false);

      const second = await create('p2');
      const listedAgain = await list('p2');
      const waiting = progress.waitFor('projects', listedAgain, 2000);
      // A handled event lies between: the wait lasts until the projection has applied it.
      expect(await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100))])).toBe('still waiting');
      await stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, status(second));
      expect(await waiting).toBe(true);
    } finally {
      await progress.close();
      await plain.close();
    }
  });
});
