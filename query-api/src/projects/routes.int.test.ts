import {
  authUserResponse,
  pointsResponse,
  projectListResponse,
  projectResponse,
  projectStagesResponse,
  publicCouponResponse,
  stageId,
  subscriptionStatusResponse,
} from '@vis/domain';
import { balancesProjection, projectsProjection, projectSummariesProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

/** The wire contract: every answer parses with the schema the web app's types come from. */
describe('the project and account reads answer the wire contract', () => {
  it('GET /api/projects/:id, /stages and /api/projects', async () => {
    const ann = stack.browser();
    const created = await ann
      .post('/api/projects')
      .send({ project: { name: 'Tip Jar' } })
      .expect(201);
    const id = created.body.project.id as string;
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
    const ann = stack.browser();
    const created = await ann
      .post('/api/projects')
      .send({ project: { name: 'Tip Jar' } })
      .expect(201);
    const id = created.body.project.id as string;
    const first = await ann.get(`/api/projects/${id}`).set('X-Min-Position', String(created.body.position)).expect(200);
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
