import {
  ALREADY_LIKED_MESSAGE,
  IDEA_NOT_FOUND_MESSAGE,
  IDEA_UNPUBLISHED_MESSAGE,
  LIKED_MESSAGE,
  MISSING_CORE_IDEA_MESSAGE,
  PUBLISHED_MESSAGE,
} from '@vis/domain';
import { createRateLimiter, NO_ABUSE_LIMITS, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';

const start = Date.parse('2026-11-23T10:00:00.000Z');
let minutes = 0;
let stores: Awaited<ReturnType<typeof openTestStores>>;
let app: ReturnType<typeof createCommandApi>;

beforeEach(async () => {
  minutes = 0;
  stores = await openTestStores();
  app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: 's'.repeat(32),
    secureCookies: false,
    clock: () => new Date(start + minutes * 60_000),
    // One address is every visitor here (50 concurrent ones); the limits have tests of their own (server/abuse).
    abuse: { limiter: createRateLimiter({ documentStore: stores.documentStore }), limits: NO_ABUSE_LIMITS },
  });
});
afterEach(() => stores.cleanup());

type Agent = ReturnType<typeof request.agent>;
const visitor = (): Agent => request.agent(app.callback());
/** All but the visitors' project lists, which a visitor's create also writes (adopt-visitor-projects.int.test.ts). */
const allEvents = async () => (await stores.eventStore.readAll()).filter((event) => !event.streamId.startsWith('owner-'));
/** The log's newest position, as a command's answer gives it. */
const head = async () => String(await stores.eventStore.headPosition());
const eventsOfType = async (type: string) => (await allEvents()).filter((event) => event.type === type);

const createProject = async (agent: Agent, project: object = { name: 'Tip Jar', coreIdea: 'Fans tip creators in XNO' }) => {
  const res = await agent.post('/api/projects').send({ project });
  expect(res.status).toBe(201);
  return res.body.project.id as string;
};

const publish = async (agent: Agent, body: object = {}) => {
  const projectId = await createProject(agent);
  const res = await agent.post('/api/marketplace/ideas').send({ projectId, ...body });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

describe('POST /api/marketplace/ideas', () => {
  it("publishes the caller's project and answers { ok, id } with the commit position", async () => {
    const ann = visitor();
    const projectId = await createProject(ann);
    const res = await ann.post('/api/marketplace/ideas').send({
      projectId,
      title: 'Fan Tips',
      coreIdea: 'Tip your streamer',
      viralTriggers: 'leaderboard',
      techFramework: 'one page',
      sustainability: 'tips fund it',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      ok: true,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: PUBLISHED_MESSAGE,
      position: await head(),
    });
    expect((await allEvents())[1]).toMatchObject({
      streamId: `idea-${res.body.id}`,
      type: 'IdeaPublished',
      data: {
        ideaId: res.body.id,
        projectId,
        ownerId: expect.stringMatching(/^visitor-/),
        title: 'Fan Tips',
        description: 'Tip your streamer',
        imageUrl: null,
        coreIdea: 'Tip your streamer',
        viralTriggers: 'leaderboard',
        techFramework: 'one page',
        sustainability: 'tips fund it',
        publishedAt: '2026-11-23T10:00:00.000Z',
      },
    });
  });

  it('takes the title and the core idea from the project when the payload leaves them out', async () => {
    const ann = visitor();
    const projectId = await createProject(ann);
    await ann.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'scarcity' }).expect(200);
    await ann.post('/api/marketplace/ideas').send({ projectId }).expect(201);
    expect((await eventsOfType('IdeaPublished'))[0]?.data).toMatchObject({
      title: 'Tip Jar',
      coreIdea: 'Fans tip creators in XNO',
      // After the starting triggers every new project has (spec 01 §4).
      viralTriggers: 'one-page, no physical, realistic, scarcity',
    });
  });

  it('publishes once for a retried request with the same Idempotency-Key', async () => {
    const ann = visitor();
    const projectId = await createProject(ann);
    const first = await ann.post('/api/marketplace/ideas').set('Idempotency-Key', 'publish-1').send({ projectId });
    const retry = await ann.post('/api/marketplace/ideas').set('Idempotency-Key', 'publish-1').send({ projectId });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body).toEqual(first.body);
    expect(await eventsOfType('IdeaPublished')).toHaveLength(1);
  });

  it("answers 404 for another visitor's project and writes nothing", async () => {
    const projectId = await createProject(visitor());
    const res = await visitor().post('/api/marketplace/ideas').send({ projectId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Project not found', message: 'Project not found' });
    expect(await allEvents()).toHaveLength(1);
  });

  it('answers 404 for a project that does not exist and writes nothing', async () => {
    const res = await visitor().post('/api/marketplace/ideas').send({ projectId: 'no-such-project' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Project not found');
    expect(await allEvents()).toHaveLength(0);
  });

  it.each([
    ['no project id', {}, 'projectId', 'projectId: must be the id of one of your projects'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', 'title: must be at most 200 characters'],
    ['a core idea over 5000 characters', { coreIdea: 'x'.repeat(5001) }, 'coreIdea', 'coreIdea: must be at most 5000 characters'],
    ['a list where text belongs', { viralTriggers: ['scarcity'] }, 'viralTriggers', 'viralTriggers: must be text'],
    ['an image that is not a web address', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'imageUrl: must be an https:// address'],
    ['an image over plain http', { imageUrl: 'http://example.com/tip.png' }, 'imageUrl', 'imageUrl: must be an https:// address'],
    [
      'a title with a right-to-left override',
      { title: 'Tip Jar \u202Egnp.exe' },
      'title',
      'title: must not contain control, direction-override or invisible characters',
    ],
    ['a title with a NUL', { title: 'Tip\u0000Jar' }, 'title', 'title: must not contain control, direction-override or invisible characters'],
    [
      'a description with a lone surrogate',
      { description: 'Tips \uD83D' },
      'description',
      'description: must not contain control, direction-override or invisible characters',
    ],
    ['an unknown field', { likes: 1000 }, 'likes', 'Unknown field: likes'],
  ])('refuses %s with 400 naming the field, appending nothing', async (_, body, field, message) => {
    const ann = visitor();
    const projectId = await createProject(ann);
    const res = await ann.post('/api/marketplace/ideas').send({ ...(field === 'projectId' ? {} : { projectId }), ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message, message, field });
    expect(await allEvents()).toHaveLength(1);
  });

  it('refuses a project with no core idea when the payload has none either', async () => {
    const ann = visitor();
    const projectId = await createProject(ann, { name: 'Empty' });
    const res = await ann.post('/api/marketplace/ideas').send({ projectId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'coreIdea', message: MISSING_CORE_IDEA_MESSAGE });
    expect(await allEvents()).toHaveLength(1);
  });
});

describe('POST /api/marketplace/ideas/:id/like', () => {
  it('counts a like once per visitor and says so the second time', async () => {
    const id = await publish(visitor());
    const bob = visitor();
    const first = await bob.post(`/api/marketplace/ideas/${id}/like`);
    expect(first.status).toBe(200);
    // The like's position, not the head: the visitor's account noted the like after it (to move it at sign-in).
    const [liked] = await stores.eventStore.readStream(`idea-${id}`, { direction: 'backwards', maxCount: 1 });
    expect(first.body).toEqual({
      success: true,
      changed: true,
      alreadyLiked: false,
      likes: 1,
      message: LIKED_MESSAGE,
      position: String(liked!.position),
    });
    const second = await bob.post(`/api/marketplace/ideas/${id}/like`).send({});
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      success: true,
      changed: false,
      alreadyLiked: true,
      likes: 1,
      message: ALREADY_LIKED_MESSAGE,
      position: String(liked!.position),
    });
    expect(await eventsOfType('IdeaLiked')).toHaveLength(1);
  });

  it('counts exactly one of 50 concurrent likes from one visitor', async () => {
    const id = await publish(visitor());
    const bob = visitor();
    await bob.post(`/api/marketplace/ideas/${id}/view`).expect(200); // the session cookie first, as a browser has it
    const answers = await Promise.all(Array.from({ length: 50 }, () => bob.post(`/api/marketplace/ideas/${id}/like`)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(answers.filter((res) => res.body.changed)).toHaveLength(1);
    expect(answers.every((res) => res.body.likes === 1)).toBe(true);
    expect(await eventsOfType('IdeaLiked')).toHaveLength(1);
  });

  it('counts exactly 50 likes from 50 concurrent visitors', async () => {
    const id = await publish(visitor());
    const answers = await Promise.all(Array.from({ length: 50 }, () => visitor().post(`/api/marketplace/ideas/${id}/like`)));
    expect(answers.every((res) => res.status === 200 && res.body.changed)).toBe(true);
    expect(answers.map((res) => res.body.likes).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const liked = await eventsOfType('IdeaLiked');
    expect(new Set(liked.map((event) => (event.data as { likerId: string }).likerId)).size).toBe(50);
  });

  it('answers 404 with a message for an idea that does not exist, writing nothing', async () => {
    for (const id of ['no-such-idea', 'x'.repeat(200), 'not%20an%20id']) {
      const res = await visitor().post(`/api/marketplace/ideas/${id}/like`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: IDEA_NOT_FOUND_MESSAGE, message: IDEA_NOT_FOUND_MESSAGE });
    }
    expect(await allEvents()).toHaveLength(0);
  });

  it('refuses an id longer than any id can be (400) before it reaches a store', async () => {
    const res = await visitor().post(`/api/marketplace/ideas/${'x'.repeat(2100)}/like`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'id', message: 'id: must be at most 200 characters' });
    expect(await allEvents()).toHaveLength(0);
  });

  it('refuses a body field by name', async () => {
    const id = await publish(visitor());
    const res = await visitor().post(`/api/marketplace/ideas/${id}/like`).send({ likes: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: likes');
    expect(await eventsOfType('IdeaLiked')).toHaveLength(0);
  });
});

describe('POST /api/marketplace/ideas/:id/view', () => {
  it('counts a viewer once an hour', async () => {
    const id = await publish(visitor());
    const bob = visitor();
    expect((await bob.post(`/api/marketplace/ideas/${id}/view`)).body).toMatchObject({ success: true, changed: true, counted: true, views: 1 });
    minutes = 59;
    expect((await bob.post(`/api/marketplace/ideas/${id}/view`)).body).toMatchObject({ changed: false, counted: false, views: 1 });
    expect(await eventsOfType('IdeaViewed')).toHaveLength(1);
    minutes = 60;
    expect((await bob.post(`/api/marketplace/ideas/${id}/view`)).body).toMatchObject({ changed: true, counted: true, views: 2 });
    expect((await visitor().post(`/api/marketplace/ideas/${id}/view`)).body).toMatchObject({ counted: true, views: 3 });
    expect(await eventsOfType('IdeaViewed')).toHaveLength(3);
  });

  it('answers 404 for an idea that does not exist', async () => {
    const res = await visitor().post('/api/marketplace/ideas/no-such-idea/view');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(IDEA_NOT_FOUND_MESSAGE);
  });
});

describe('DELETE /api/marketplace/ideas/:id', () => {
  it('answers anyone but the owner as if there were no such idea, then lets the owner unpublish it', async () => {
    const ann = visitor();
    const id = await publish(ann);
    const stranger = await visitor().delete(`/api/marketplace/ideas/${id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, message: IDEA_NOT_FOUND_MESSAGE });
    expect(await eventsOfType('IdeaUnpublished')).toHaveLength(0);

    const own = await ann.delete(`/api/marketplace/ideas/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      success: true,
      changed: true,
      events: ['IdeaUnpublished'],
      message: IDEA_UNPUBLISHED_MESSAGE,
      position: await head(),
    });
  });

  it('makes the idea unknown to likes, views and a second unpublish', async () => {
    const ann = visitor();
    const id = await publish(ann);
    await ann.delete(`/api/marketplace/ideas/${id}`).expect(200);
    for (const res of [
      await visitor().post(`/api/marketplace/ideas/${id}/like`),
      await visitor().post(`/api/marketplace/ideas/${id}/view`),
      await ann.delete(`/api/marketplace/ideas/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(IDEA_NOT_FOUND_MESSAGE);
    }
    expect(await allEvents()).toHaveLength(3);
  });
});
