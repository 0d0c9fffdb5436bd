import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { marketplaceListingsProjection, type MarketplaceListingDocument } from './projection.ts';

const ideaId = 'idea-1';
const published = (id = ideaId, title = 'Tip Jar') => ({
  type: 'IdeaPublished',
  data: {
    ideaId: id,
    projectId: 'p-1',
    ownerId: 'visitor-ann',
    title,
    description: 'Fans tip creators',
    imageUrl: null,
    coreIdea: 'Fans tip creators',
    viralTriggers: 'scarcity',
    techFramework: 'one page',
    sustainability: 'tips fund it',
    publishedAt: '2026-11-23T10:00:00.000Z',
  },
});
const viewed = (views: number, viewerId = 'visitor-bob') => ({
  type: 'IdeaViewed',
  data: { ideaId, viewerId, views, viewedAt: '2026-11-23T10:01:00.000Z' },
});
const liked = (likes: number, likerId = 'visitor-bob') => ({
  type: 'IdeaLiked',
  data: { ideaId, likerId, likes, likedAt: '2026-11-23T10:02:00.000Z' },
});
const unpublished = { type: 'IdeaUnpublished', data: { ideaId, unpublishedAt: '2026-11-23T11:00:00.000Z' } };

let harness: Awaited<ReturnType<typeof projectionHarness>>;
beforeEach(async () => {
  harness = await projectionHarness(marketplaceListingsProjection);
});
afterEach(() => harness.close());

const listing = async (id = ideaId) => (await harness.find<MarketplaceListingDocument>({ _id: id }))[0];

describe('marketplace_listings read model', () => {
  it('lists a published idea with its counts, on the marketplace and idea topics', async () => {
    await harness.append(`idea-${ideaId}`, [published(), viewed(1), liked(1), viewed(2, 'visitor-cid'), liked(2, 'visitor-cid')]);
    expect(await listing()).toEqual({
      _id: ideaId,
      _position: (await harness.positions())[4],
      _streams: { [`idea-${ideaId}`]: 4 },
      _topics: ['marketplace', `idea:${ideaId}`],
      status: 'published',
      ownerId: 'visitor-ann',
      projectId: 'p-1',
      title: 'Tip Jar',
      description: 'Fans tip creators',
      imageUrl: null,
      views: 2,
      likes: 2,
      likerIds: ['visitor-bob', 'visitor-cid'],
      createdAt: '2026-11-23T10:00:00.000Z',
      coreIdea: 'Fans tip creators',
      viralTriggers: 'scarcity',
      techFramework: 'one page',
      sustainability: 'tips fund it',
      unpublishedAt: null,
    });
  });

  it('keeps an unpublished idea as a tombstone without its content, still on its topics', async () => {
    await harness.append(`idea-${ideaId}`, [published(), liked(1), unpublished]);
    await harness.append('idea-idea-2', [published('idea-2', 'Share Pot')]);
    expect(await listing()).toMatchObject({
      status: 'unpublished',
      title: '',
      coreIdea: '',
      likes: 1,
      unpublishedAt: '2026-11-23T11:00:00.000Z',
      _topics: ['marketplace', `idea:${ideaId}`],
    });
    expect((await harness.find({ status: 'published' })).map((doc) => doc.title)).toEqual(['Share Pot']);
  });

  it('is idempotent when run twice', async () => {
    await harness.append(`idea-${ideaId}`, [published(), viewed(1), liked(1)]);
    await harness.append('idea-idea-2', [published('idea-2', 'Share Pot')]);
    await harness.append(`idea-${ideaId}`, [unpublished]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
