import {
  authUserResponse,
  pointsResponse,
  projectListResponse,
  projectResponse,
  projectStagesResponse,
  publicCouponResponse,
  stageId,
  SIGN_IN_POSITION_COOKIE,
  subscriptionStatusResponse,
  VISITOR_COOKIE,
} from '@vis/domain';
import { balancesProjection, projectsProjection, projectSummariesProjection } from '@vis/projections';
import Koa from 'koa';
import type { Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { openCommandQueryStack } from '../../../server/testing/command-query-stack.ts';

let stack: Awaited<ReturnType<typeof openStack>>;

const openStack = () =>
  openCommandQueryStack({
    projections: [projectsProjection, projectSummariesProjection, balancesProjection],
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
  });

beforeEach(async () => {
  stack = await openStack();
});
afterEach(() => stack.close());

/** A browser that made a project, and its first read of it (waiting for the projection, through the full stack). */
const browserWithProject = async () => {
  const ann = stack.browser();
  const created = await ann
    .post('/api/projects')
    .send({ project: { name: 'Tip Jar' } })
    .expect(201);
  const id = created.body.project.id as string;
  const first = await ann.get(`/api/projects/${id}`).set('X-Min-Position', String(created.body.position)).expect(200);
  return { ann, created, id, first };
};

/** The wire contract: every answer parses with the schema the web app's types come from. */
describe('the project and account reads answer the wire contract', () => {
  it('GET /api/projects/:id, /stages and /api/projects', async () => {
    const { ann, id } = await browserWithProject();
    const added = await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
    const position = String(added.body.position);

    const project = projectResponse.parse((await ann.get(`/api/projects/${id}`).set('X-Min-Position', position).expect(200)).body);
    expect(project.project).toMatchObject({ id, name: 'Tip Jar', aiApiStatus: 'Not Set' });
    expect(project.stages.map((stage) => stage.id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => stageId.format(id, n as 1)));
    expect(project.stages[0]).toMatchObject({ stageNumber: 1, data: { viralParameters: ['one-page', 'no physical', 'realistic', 'Scarcity'] } });

    const stages = projectStagesResponse.parse((await ann.get(`/api/projects/${id}/stages`).expect(200)).body);
    expect(stages.stages.map((stage) => stageId.parse(stage.id))).toEqual(stages.stages.map(({ stageNumber }) => ({ projectId: id, stageNumber })));

    const list = projectListResponse.parse((await ann.get('/api/projects').set('X-Min-Position', position).expect(200)).body);
    expect(list.projects.map((item) => item.id)).toEqual([id]);
  });

  it('GET /api/projects/:id answers 304 to a page that has this version, 200 once the project moved, and never to a stranger', async () => {
    const { ann, id, first } = await browserWithProject();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"projects_v\d+\.\d+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const unchanged = await ann.get(`/api/projects/${id}`).set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBe('');

    const added = await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
    const moved = await ann.get(`/api/projects/${id}`).set('If-None-Match', etag).set('X-Min-Position', String(added.body.position)).expect(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(moved.body.stages[0].data.viralParameters).toContain('Scarcity');

    await stack
      .browser()
      .get(`/api/projects/${id}`)
      .set('If-None-Match', moved.headers.etag as string)
      .expect(404);
  });

  it('GET /api/auth/user, /api/user/points, /api/subscription/status and /api/public-coupon', async () => {
    const ann = stack.browser();
    expect(authUserResponse.parse((await ann.get('/api/auth/user').expect(200)).body)).toMatchObject({ isAuthenticated: false, accessLevel: 'Free' });
    expect(pointsResponse.parse((await ann.get('/api/user/points').expect(200)).body).points).toBe(0);
    expect(subscriptionStatusResponse.parse((await ann.get('/api/subscription/status').expect(200)).body).status).toBe('free');
    publicCouponResponse.parse((await ann.get('/api/public-coupon').expect(200)).body);
  });
});

/** What a client can compare of two answers: every header but the two that differ per answer, in order, and the body. */
const comparable = (res: Response) => ({
  headers: Object.entries(res.headers).filter(([name]) => name !== 'date' && name !== 'x-request-id'),
  body: res.text,
});
/** The `Cookie` header a browser sends after these answers (later cookies replace earlier ones of the same name). */
const cookiesAfter = (...responses: Response[]) => {
  const jar = new Map<string, string>();
  for (const res of responses) {
    for (const cookie of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = cookie.split(';');
      jar.set(pair!.slice(0, pair!.indexOf('=')), pair!);
    }
  }
  return [...jar.values()].join('; ');
};

describe("GET /api/projects/:id answered without Koa (the query app's shortcut)", () => {
  it('gives the owner the answer the full stack gives, and sends a stranger, a condition or a revoked session to the stack', async () => {
    // Every request Koa handles passes here: the shortcut's answers do not.
    const throughKoa = vi.spyOn(Koa.prototype, 'createContext');
    try {
      const { ann, created, id, first: viaKoa } = await browserWithProject();
      expect(throughKoa).toHaveBeenCalled();

      throughKoa.mockClear();
      const shortcut = await ann.get(`/api/projects/${id}`).expect(200);
      expect(throughKoa).not.toHaveBeenCalled();
      expect(comparable(shortcut)).toEqual(comparable(viaKoa));
      expect(shortcut.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await ann.get(`/api/projects/${id}`).set('X-Request-Id', 'trace-42').expect(200)).headers['x-request-id']).toBe('trace-42');
      expect(throughKoa).not.toHaveBeenCalled();

      // The project moves: the shortcut answers the new version (never the one it answered before), as the stack does.
      const added = await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
      const movedViaKoa = await ann.get(`/api/projects/${id}`).set('X-Min-Position', String(added.body.position)).expect(200);
      throughKoa.mockClear();
      const moved = await ann.get(`/api/projects/${id}`).expect(200);
      expect(throughKoa).not.toHaveBeenCalled();
      expect(moved.body.stages[0].data.viralParameters).toContain('Scarcity');
      expect(comparable(moved)).toEqual(comparable(movedViaKoa));
      expect(moved.headers.etag).not.toBe(shortcut.headers.etag);

      // Another path spelling the router accepts, and conditions the shortcut leaves to Koa: the full stack, as before.
      await ann.get(`/api/projects/${id}/`).expect(200);
      await ann.get(`/api/projects/${id}`).set('If-None-Match', '*').expect(304);
      await ann.get(`/api/projects/${id}`).set('If-Modified-Since', 'Mon, 23 Nov 2026 10:00:00 GMT').expect(200);
      expect(throughKoa).toHaveBeenCalledTimes(3);
      throughKoa.mockClear();
      throughKoa.mockClear();
      // A stranger (no session yet) and a stranger with one: 404 from the stack, like a missing project.
      await stack.browser().get(`/api/projects/${id}`).expect(404);
      const bob = stack.browser();
      await bob.get('/api/auth/user').expect(200);
      await bob.get(`/api/projects/${id}`).expect(404);
      await ann.get('/api/projects/no-such-project').expect(404);
      expect(throughKoa).toHaveBeenCalledTimes(4);
      // …and a stranger naming the owner's current ETag learns nothing either.
      throughKoa.mockClear();
      await bob
        .get(`/api/projects/${id}`)
        .set('If-None-Match', moved.headers.etag as string)
        .expect(404);
      expect(throughKoa).toHaveBeenCalledTimes(1);

      // Signed in: the project moves to the user; a copy of the signed-in cookie is kept.
      const signedIn = await ann.post('/auth/local').type('form').send({ displayName: 'Ann Lee', email: 'ann@example.com' }).expect(303);
      const position = new RegExp(`${SIGN_IN_POSITION_COOKIE.replace('.', '\\.')}=(\\d+)`).exec(cookiesAfter(signedIn))![1]!;
      const kept = `${cookiesAfter(created, signedIn)}; ${VISITOR_COOKIE}=1`;
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).set('X-Min-Position', position).expect(200);
      throughKoa.mockClear();
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).expect(200);
      expect(throughKoa).not.toHaveBeenCalled();

      // Signed out: the kept copy is refused on the very next read (the session's record is gone), conditional
      // or read-your-writes as well.
      const etag = (await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).expect(200)).headers.etag as string;
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).set('If-None-Match', etag).expect(304);
      await ann.post('/auth/logout').expect(303);
      throughKoa.mockClear();
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).expect(404);
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).set('If-None-Match', etag).expect(404);
      await stack.request().get(`/api/projects/${id}`).set('Cookie', kept).set('X-Min-Position', position).expect(404);
      expect(throughKoa).toHaveBeenCalledTimes(3);
    } finally {
      throughKoa.mockRestore();
    }
  });

  it('answers If-None-Match as the stack does: 304 with the same headers for this version, 200 for another', async () => {
    const throughKoa = vi.spyOn(Koa.prototype, 'createContext');
    try {
      const { ann, id, first } = await browserWithProject();
      const etag = first.headers.etag as string;
      // The stack's answers: a request Cache-Control sends to it (fresh() reads it; max-age=0 keeps 304 possible).
      throughKoa.mockClear();
      const viaKoa = await ann.get(`/api/projects/${id}`).set('If-None-Match', etag).set('Cache-Control', 'max-age=0').expect(304);
      const staleViaKoa = await ann.get(`/api/projects/${id}`).set('If-None-Match', '"projects_v1.0"').set('Cache-Control', 'max-age=0').expect(200);
      expect(throughKoa).toHaveBeenCalledTimes(2);

      throughKoa.mockClear();
      const unchanged = await ann.get(`/api/projects/${id}`).set('If-None-Match', etag).expect(304);
      expect(comparable(unchanged)).toEqual(comparable(viaKoa));
      expect(unchanged.text).toBe('');
      // The spellings `fresh` accepts: a list, spaces around entries, weak either side.
      await ann.get(`/api/projects/${id}`).set('If-None-Match', `"other", W/${etag} `).expect(304);
      const stale = await ann.get(`/api/projects/${id}`).set('If-None-Match', '"projects_v1.0"').expect(200);
      expect(comparable(stale)).toEqual(comparable(staleViaKoa));
      expect(throughKoa).not.toHaveBeenCalled();

      // The project moves: the page's old ETag gets the new version, as from the stack.
      const added = await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
      await ann.get(`/api/projects/${id}`).set('X-Min-Position', String(added.body.position)).expect(200);
      throughKoa.mockClear();
      const moved = await ann.get(`/api/projects/${id}`).set('If-None-Match', etag).expect(200);
      expect(throughKoa).not.toHaveBeenCalled();
      expect(moved.headers.etag).not.toBe(etag);
      expect(moved.body.stages[0].data.viralParameters).toContain('Scarcity');
    } finally {
      throughKoa.mockRestore();
    }
  });

  it('answers an X-Min-Position the read model has applied, and leaves a wait or a malformed one to the stack', async () => {
    const throughKoa = vi.spyOn(Koa.prototype, 'createContext');
    try {
      const { ann, id } = await browserWithProject();
      const added = await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
      const position = Number(added.body.position);
      await vi.waitFor(() => expect(stack.progress.status('projects')?.position).toBeGreaterThanOrEqual(position));
      const viaKoa = await ann.get(`/api/projects/${id}/`).set('X-Min-Position', String(position)).expect(200);

      throughKoa.mockClear();
      const reached = await ann.get(`/api/projects/${id}`).set('X-Min-Position', String(position)).expect(200);
      const withCondition = await ann
        .get(`/api/projects/${id}`)
        .set('X-Min-Position', String(position))
        .set('If-None-Match', reached.headers.etag as string)
        .expect(304);
      expect(throughKoa).not.toHaveBeenCalled();
      expect(comparable(reached)).toEqual(comparable(viaKoa));
      expect(withCondition.headers.etag).toBe(reached.headers.etag);

      // Not applied yet: the stack waits for it, as before, and answers the version that carries it.
      const pending = ann
        .get(`/api/projects/${id}`)
        .set('X-Min-Position', String(position + 1))
        .then((res) => res);
      await vi.waitFor(() => expect(throughKoa).toHaveBeenCalledTimes(1));
      await ann.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Urgency' }).expect(200);
      const waited = await pending;
      expect(waited.status).toBe(200);
      expect(waited.headers['x-read-model-stale']).toBeUndefined();
      expect(waited.body.stages[0].data.viralParameters).toContain('Urgency');

      throughKoa.mockClear();
      await ann.get(`/api/projects/${id}`).set('X-Min-Position', 'soon').expect(400);
      expect(throughKoa).toHaveBeenCalledTimes(1);
    } finally {
      throughKoa.mockRestore();
    }
  });
});
