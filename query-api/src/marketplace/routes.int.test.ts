import { IDEA_NOT_FOUND_MESSAGE, marketplaceIdea, marketplaceIdeasResponse } from '@vis/domain';
import { marketplaceListingsProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { openCommandQueryStack } from '../../../server/testing/command-query-stack.ts';

const start = Date.parse('2026-11-23T10:00:00.000Z');
let minutes = 0;
let stack: Awaited<ReturnType<typeof openStack>>;

const openStack = () => openCommandQueryStack({ projections: [marketplaceListingsProjection], clock: () => new Date(start + minutes * 60_000) });

beforeEach(async () => {
  minutes = 0;
  stack = await openStack();
});
afterEach(() => stack.close());

type Browser = ReturnType<typeof stack.browser>;

/** Publishes a project of this browser's as an idea at `minutes`; answers the idea id and commit position. */
const publish = async (browser: Browser, title: string, at = minutes) => {
  minutes = at;
  const project = await browser
    .post('/api/projects')
    .send({ project: { name: title, coreIdea: `${title}: the core idea` } })
    .expect(201);
  const res = await browser.post('/api/marketplace/ideas').send({ projectId: project.body.project.id }).expect(201);
  return { id: res.body.id as string, position: res.body.position as string };
};

const list = (browser: Browser, query = '', position?: string) =>
  browser.get(`/api/marketplace/ideas${query}`).set(position ? { 'X-Min-Position': position } : {});

describe('GET /api/marketplace/ideas', () => {
  it('answers an empty list before anything is published', async () => {
    const res = await list(stack.browser());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it("lists published ideas newest first, as the spec's idea, telling each browser which are its own", async () => {
    const ann = stack.browser();
    await publish(ann, 'Tip Jar', 0);
    const { position } = await publish(stack.browser(), 'Share Pot', 5);
    const res = await list(ann, '', position);
    expect(res.status).toBe(200);
    expect(marketplaceIdeasResponse.parse(res.body).map((idea) => idea.title)).toEqual(['Share Pot', 'Tip Jar']);
    expect(res.body[1]).toEqual({
      id: expect.any(String),
      title: 'Tip Jar',
      description: 'Tip Jar: the core idea',
      imageUrl: null,
      views: 0,
      likes: 0,
      createdAt: '2026-11-23T10:00:00.000Z',
      coreIdea: 'Tip Jar: the core idea',
      // A new project's starting triggers (spec 01 §4).
      viralTriggers: 'one-page, no physical, realistic',
      techFramework: '',
      sustainability: '',
      ownedByYou: true,
      likedByMe: false,
    });
    expect(res.body[0].ownedByYou).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/visitor-|ownerId|projectId/);
  });

  it('pages with a cursor: every idea once, in order, ties broken by id', async () => {
    const ann = stack.browser();
    const published = [];
    for (const [index, minute] of [0, 1, 1, 1, 2, 3, 3].entries()) published.push({ ...(await publish(ann, `Idea ${index}`, minute)), minute });
    const expected = [...published].sort((a, b) => b.minute - a.minute || (a.id < b.id ? 1 : -1)).map((idea) => idea.id);
    const seen: string[] = [];
    let query = `?limit=3`;
    for (let pages = 0; pages < 5; pages++) {
      const res = await list(ann, query, published.at(-1)!.position);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((idea: { id: string }) => idea.id));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      expect(res.headers.link).toBe(`</api/marketplace/ideas?sort=newest&limit=3&cursor=${next}>; rel="next"`);
      query = `?limit=3&cursor=${next}`;
    }
    expect(seen).toEqual(expected);
  });

  it('sorts by likes with sort=likes, newest first among equals, and pages the same way', async () => {
    const [ann, bob, cid] = [stack.browser(), stack.browser(), stack.browser()];
    const tip = await publish(ann, 'Tip Jar', 0);
    const share = await publish(ann, 'Share Pot', 1);
    await publish(ann, 'Quiet One', 2);
    await bob.post(`/api/marketplace/ideas/${tip.id}/like`).expect(200);
    await cid.post(`/api/marketplace/ideas/${tip.id}/like`).expect(200);
    const last = await bob.post(`/api/marketplace/ideas/${share.id}/like`).expect(200);
    const first = await list(ann, '?sort=likes&limit=2', last.body.position);
    expect(first.body.map((idea: { title: string; likes: number }) => [idea.title, idea.likes])).toEqual([
      ['Tip Jar', 2],
      ['Share Pot', 1],
    ]);
    const second = await list(ann, `?sort=likes&limit=2&cursor=${first.headers['x-next-cursor']}`);
    expect(second.body.map((idea: { title: string }) => idea.title)).toEqual(['Quiet One']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['?limit=0', 'limit', 'limit: must be a whole number from 1 to 100'],
    ['?limit=101', 'limit', 'limit: must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit', 'limit: must be a whole number from 1 to 100'],
    ['?sort=views', 'sort', 'sort: must be one of newest, likes'],
    ['?cursor=nonsense', 'cursor', 'cursor: must be the X-Next-Cursor of an earlier page with the same sort'],
    ['?page=2', 'page', 'Unknown field: page'],
  ])('refuses %s with 400 naming the field', async (query, field, message) => {
    const res = await list(stack.browser(), query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message, message, field });
  });

  it('refuses a cursor from the other sort', async () => {
    const ann = stack.browser();
    await publish(ann, 'Tip Jar', 0);
    const { position } = await publish(ann, 'Share Pot', 1);
    const newest = await list(ann, '?limit=1', position);
    const res = await list(ann, `?sort=likes&cursor=${newest.headers['x-next-cursor']}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('cursor');
  });
});

describe('GET /api/marketplace/ideas/:id', () => {
  it('answers one idea with its counts, and has no side effect', async () => {
    const ann = stack.browser();
    const { id } = await publish(ann, 'Tip Jar');
    const bob = stack.browser();
    await bob.post(`/api/marketplace/ideas/${id}/view`).expect(200);
    const liked = await bob.post(`/api/marketplace/ideas/${id}/like`).expect(200);
    const res = await bob.get(`/api/marketplace/ideas/${id}`).set('X-Min-Position', liked.body.position);
    expect(res.status).toBe(200);
    expect(marketplaceIdea.parse(res.body)).toMatchObject({ id, title: 'Tip Jar', views: 1, likes: 1, ownedByYou: false });
    const again = await bob.get(`/api/marketplace/ideas/${id}`);
    expect(again.body).toEqual(res.body);
  });

  it('answers 404 with a message for an idea that does not exist', async () => {
    const res = await stack.browser().get('/api/marketplace/ideas/no-such-idea');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: IDEA_NOT_FOUND_MESSAGE, message: IDEA_NOT_FOUND_MESSAGE });
  });

  it('forgets an unpublished idea: gone from the detail and from the list', async () => {
    const ann = stack.browser();
    const { id } = await publish(ann, 'Tip Jar', 0);
    await publish(ann, 'Share Pot', 1);
    const removed = await ann.delete(`/api/marketplace/ideas/${id}`).expect(200);
    const detail = await ann.get(`/api/marketplace/ideas/${id}`).set('X-Min-Position', removed.body.position);
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe(IDEA_NOT_FOUND_MESSAGE);
    expect((await list(ann)).body.map((idea: { title: string }) => idea.title)).toEqual(['Share Pot']);
  });
});
