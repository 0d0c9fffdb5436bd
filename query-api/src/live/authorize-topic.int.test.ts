import { readModels } from '@vis/domain';
import { followProjectionProgress, PROJECTIONS_COLLECTION, type ProjectionProgress, type ProjectionStatus } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTopicAuthorizer } from './authorize-topic.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let progress: ProjectionProgress;
const collection = 'projects_v1';

/** The projects projection reporting that it has applied everything up to `position`. */
const projectedUpTo = (position: number) =>
  stores.documentStore.replaceOne(PROJECTIONS_COLLECTION, {
    _id: readModels.projects,
    version: 1,
    collection,
    position,
    state: 'live',
    updatedAt: new Date(0).toISOString(),
  } satisfies ProjectionStatus);

beforeEach(async () => {
  stores = await openTestStores();
  await projectedUpTo(3);
  progress = await followProjectionProgress(stores.documentStore);
});
afterEach(async () => {
  await progress.close();
  await stores.cleanup();
});

const ann = { actor: 'visitor-ann', operator: false };

describe('subscribing to a project the projection has not written yet', () => {
  it('waits for the position the client names, then lets its owner in', async () => {
    const authorize = createTopicAuthorizer({ documentStore: stores.documentStore, progress, readYourWritesTimeoutMs: 5_000 });
    // The command that created the project answered position 7; the projection is still at 3.
    const pending = authorize(ann, 'project:p-new', 7);
    await stores.documentStore.replaceOne(collection, { _id: 'p-new', ownerId: ann.actor, _position: 7, _topics: [] });
    await projectedUpTo(7);
    expect(await pending).toBe('project:p-new');
  });

  it('refuses without a position, as the project is not there to own', async () => {
    const authorize = createTopicAuthorizer({ documentStore: stores.documentStore, progress, readYourWritesTimeoutMs: 5_000 });
    expect(await authorize(ann, 'project:p-new')).toBeNull();
    expect(await authorize(ann, 'history:p-new')).toBeNull();
  });

  it("still refuses someone else's project once the projection has caught up", async () => {
    const authorize = createTopicAuthorizer({ documentStore: stores.documentStore, progress, readYourWritesTimeoutMs: 5_000 });
    const pending = authorize(ann, 'project:p-bob', 9);
    await stores.documentStore.replaceOne(collection, { _id: 'p-bob', ownerId: 'visitor-bob', _position: 9, _topics: [] });
    await projectedUpTo(9);
    expect(await pending).toBeNull();
  });

  it('gives up waiting after the read-your-writes bound and answers from what is there', async () => {
    const authorize = createTopicAuthorizer({ documentStore: stores.documentStore, progress, readYourWritesTimeoutMs: 20 });
    expect(await authorize(ann, 'project:p-never', 1_000)).toBeNull();
  });
});
