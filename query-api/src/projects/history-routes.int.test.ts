import { projectHistoryResponse } from '@vis/domain';
import { projectHistoryProjection, projectsProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { openCommandQueryStack } from '../../../server/testing/command-query-stack.ts';

const start = Date.parse('2026-11-23T10:00:00.000Z');
let minutes = 0;
let stack: Awaited<ReturnType<typeof openStack>>;

const openStack = () =>
  openCommandQueryStack({ projections: [projectsProjection, projectHistoryProjection], clock: () => new Date(start + minutes++ * 60_000) });

beforeEach(async () => {
  minutes = 0;
  stack = await openStack();
});
afterEach(() => stack.close());

type Browser = ReturnType<typeof stack.browser>;

/** A project with a rename and two parameters; answers its id and the last commit's position. */
const projectOf = async (browser: Browser) => {
  const created = await browser
    .post('/api/projects')
    .send({ project: { name: 'Tip Jar' } })
    .expect(201);
  const id = created.body.project.id as string;
  await browser.put(`/api/projects/${id}/name`).send({ name: 'Tip Wall' }).expect(200);
  await browser.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
  const last = await browser.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'FOMO' }).expect(200);
  return { id, position: String(last.body.position) };
};

const history = (browser: Browser, id: string, position: string, query = '') =>
  browser.get(`/api/projects/${id}/history${query}`).set('X-Min-Position', position);

describe('GET /api/projects/:id/history', () => {
  it('lists the own project, newest first, with the time and a sentence', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const res = await history(ann, id, position).expect(200);
    expect(res.body.success).toBe(true);
    projectHistoryResponse.parse(res.body);
    expect(res.body.history.map((entry: { summary: string }) => entry.summary)).toEqual([
      "Added 'FOMO' to viral triggers",
      "Added 'Scarcity' to viral triggers",
      "Renamed the project from 'Tip Jar' to 'Tip Wall'",
      "Created the project 'Tip Jar'",
    ]);
    expect(res.body.history[0]).toMatchObject({ type: 'ParameterAdded', at: expect.stringMatching(/^2026-11-23T10:0\d:00.000Z$/) });
    expect(res.headers['x-read-model-stale']).toBeUndefined();
  });

  it("answers 404 for another's project, exactly like a missing one", async () => {
    const ann = stack.browser();
    const bob = stack.browser();
    await bob.post('/api/projects').send({}).expect(201);
    const { id, position } = await projectOf(ann);
    const theirs = await history(bob, id, position).expect(404);
    const missing = await history(bob, 'no-such-project', position).expect(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body).toMatchObject({ success: false, message: 'Failed to load project' });
    expect(JSON.stringify(theirs.body)).not.toContain('Tip');
  });

  it('pages with a cursor: every entry once', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const first = await history(ann, id, position, '?limit=3').expect(200);
    expect(first.body.history).toHaveLength(3);
    projectHistoryResponse.parse(first.body);
    const next = first.headers['x-next-cursor'];
    const second = await history(ann, id, position, `?limit=3&cursor=${next}`).expect(200);
    expect(second.body.history.map((entry: { summary: string }) => entry.summary)).toEqual(["Created the project 'Tip Jar'"]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?cursor=abc', 'cursor'],
    ['?other=1', 'other'],
  ])('refuses %s naming the field', async (query, field) => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const res = await history(ann, id, position, query).expect(400);
    expect(res.body.field).toBe(field);
  });
});
