import { openTestStores, silentLogger } from '@vis/infrastructure';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let app: ReturnType<typeof createCommandApi>;

beforeEach(async () => {
  stores = await openTestStores();
  app = createCommandApi({ eventStore: stores.eventStore, logger: silentLogger(), sessionSecret: 's'.repeat(32), secureCookies: false, clock: () => new Date('2026-11-23T10:00:00.000Z') });
});
afterEach(() => stores.cleanup());

const allEvents = () => stores.eventStore.readAll();
const visitor = () => request.agent(app.callback());

const createProject = async (agent: ReturnType<typeof visitor>, body: object = {}) => {
  const res = await agent.post('/api/projects').send(body);
  expect(res.status).toBe(201);
  return res.body.project.id as string;
};

describe('POST /api/projects', () => {
  it('creates a project owned by the visitor and answers its id and commit position', async () => {
    const agent = visitor();
    const res = await agent.post('/api/projects').send({ project: { name: 'Tip Jar' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, project: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) }, position: '1' });
    expect(String(res.headers['set-cookie'])).toMatch(/vis\.sid=.*httponly/i);
    const [event] = await allEvents();
    expect(event).toMatchObject({
      streamId: `project-${res.body.project.id}`,
      type: 'ProjectCreated',
      data: { name: 'Tip Jar', parameters: ['Viral', 'Simple Page', 'No Externalities'], createdAt: '2026-11-23T10:00:00.000Z', ownerId: expect.stringMatching(/^visitor-/) },
    });
  });

  it('creates one project for a retried request with the same Idempotency-Key', async () => {
    const agent = visitor();
    const first = await agent.post('/api/projects').set('Idempotency-Key', 'create-1').send({});
    const retry = await agent.post('/api/projects').set('Idempotency-Key', 'create-1').send({});
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.project.id).toBe(first.body.project.id);
    expect(retry.body.position).toBe(first.body.position);
    expect(await allEvents()).toHaveLength(1);
  });
});

describe('POST /api/projects/:id/parameters', () => {
  it('appends ParameterAdded and answers the new position', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: '  scarcity ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, changed: true, events: ['ParameterAdded'], position: '2' });
    expect((await allEvents())[1]).toMatchObject({ type: 'ParameterAdded', data: { projectId: id, list: 'viralParameters', value: 'scarcity' } });
  });

  it('answers added: false and appends nothing for a duplicate', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).send({ value: 'Viral' });
    expect(res.body).toMatchObject({ success: true, changed: false, events: [] });
    expect(await allEvents()).toHaveLength(1);
  });

  it("answers 404 for another visitor's project and writes nothing", async () => {
    const id = await createProject(visitor());
    const res = await visitor().post(`/api/projects/${id}/parameters`).send({ value: 'scarcity' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false });
    expect(await allEvents()).toHaveLength(1);
  });

  it.each([
    ['a one-character value', { value: 'x' }, 400, 'Parameter must be at least 2 characters'],
    ['an unknown list', { list: 'nope', value: 'scarcity' }, 400, /^list: /],
    ['a value of the wrong type', { value: 42 }, 400, /^value: /],
    ['a missing value', {}, 400, /^value: /],
    ['an unknown field', { value: 'scarcity', colour: 'red' }, 400, 'Unknown field: colour'],
  ])('refuses %s with a message naming the problem, appending nothing', async (_, body, status, message) => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).send(body);
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
    expect(await allEvents()).toHaveLength(1);
  });

  it('refuses a body that is not valid JSON', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).set('Content-Type', 'application/json').send('{"value": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Request body is not valid JSON', message: 'Request body is not valid JSON' });
    expect(await allEvents()).toHaveLength(1);
  });

  it('refuses a body that is not JSON at all', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).set('Content-Type', 'text/plain').send('scarcity');
    expect(res.status).toBe(415);
    expect(await allEvents()).toHaveLength(1);
  });

  it('refuses a body over 1 MB', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const res = await agent.post(`/api/projects/${id}/parameters`).send({ value: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is larger than 1 MB');
    expect(await allEvents()).toHaveLength(1);
  });

  it('applies each of many concurrent additions exactly once', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const values = Array.from({ length: 30 }, (_, i) => `param ${i}`);
    const responses = await Promise.all(values.map((value) => agent.post(`/api/projects/${id}/parameters`).send({ value })));
    expect(responses.map((res) => res.status)).toEqual(values.map(() => 200));
    const added = (await stores.eventStore.readStream(`project-${id}`)).filter((event) => event.type === 'ParameterAdded');
    expect(added.map((event) => (event.data as { value: string }).value).sort()).toEqual([...values].sort());
    expect(added.map((event) => event.revision)).toEqual(values.map((_, i) => BigInt(i + 1)));
  });
});
