import { createHash } from 'node:crypto';
import { PROJECTIONS_COLLECTION, type ProjectionStatus } from '@vis/infrastructure';
import { readModels } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/** The operators' projection endpoints on the whole product: verify, as-of, resume, and a rebuild under read load. */
const OPS_TOKEN = 'ops-token-for-tests-0123456789';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
let server: Awaited<ReturnType<typeof startTestServer>>;
const projectIds: string[] = [];
const ann = () => httpClient(server.url);
let owner: ReturnType<typeof httpClient>;

beforeAll(async () => {
  // As npm start runs it: every operator's call crosses to the projection engine's thread and back.
  server = await startTestServer({ opsToken: OPS_TOKEN });
  owner = ann();
  for (let i = 0; i < 6; i++) {
    const created = await owner.call('POST', '/api/projects', { project: { name: `Idea ${i}` } });
    expect(created.status).toBe(201);
    const id = created.body.project.id as string;
    projectIds.push(id);
    await owner.call('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: `scarcity ${i}` });
  }
  await owner.call('POST', '/api/feedback', { type: 'bug', message: 'The button is grey' });
  const head = Number(await server.eventStore.headPosition());
  await vi.waitFor(
    async () => {
      const statuses = await server.documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
      for (const status of statuses) if (status.position < head) throw new Error(`${status._id} behind`);
    },
    { timeout: 10_000, interval: 20 },
  );
});
afterAll(() => server.close());

const opsCall = (method: string, path: string, body?: unknown) => ann().call(method, path, body, ops);
const servingDigests = async (name: string) => {
  const status = await server.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
  const docs = await server.documentStore.find(status!.collection, {}, { sort: { _id: 1 } });
  return docs.map((doc) => createHash('sha256').update(JSON.stringify(doc)).digest('hex'));
};

describe('operators on projections, with OPS_TOKEN set', () => {
  it('keeps the new endpoints for token holders', async () => {
    for (const [method, path] of [
      ['POST', `/api/ops/projections/${readModels.projects}/verify`],
      ['POST', `/api/ops/projections/${readModels.projects}/resume`],
      ['GET', `/api/ops/as-of?projection=${readModels.projects}&at=1`],
    ] as const) {
      expect((await ann().call(method, path)).status).toBe(401);
    }
  });

  it('reports lag in events and seconds for every projection', async () => {
    const res = await opsCall('GET', '/api/ops/projections');
    expect(res.status).toBe(200);
    for (const report of res.body.projections) expect(report).toMatchObject({ lag: 0, lagSeconds: 0, error: null });
  });

  it('verifies every read model of a clean store against the log', async () => {
    for (const name of Object.values(readModels)) {
      const res = await opsCall('POST', `/api/ops/projections/${name}/verify`);
      if (res.status === 404) continue; // a read-model name without a projection of its own
      expect(res.status).toBe(200);
      expect({ name, ok: res.body.report.ok, differences: res.body.report.differences, gaps: res.body.report.gaps }).toEqual({
        name,
        ok: true,
        differences: [],
        gaps: [],
      });
    }
  });

  it('answers a read model as of a past position, and refuses a bad time', async () => {
    const firstProject = await server.documentStore.find(
      (await server.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: readModels.projects }))!.collection,
      { _id: projectIds[0] },
    );
    const at = firstProject[0]!._position as number;
    const res = await opsCall('GET', `/api/ops/as-of?projection=${readModels.projects}&at=${at}&limit=10`);
    expect(res.status).toBe(200);
    expect(res.body.position).toBeLessThanOrEqual(at);
    expect(res.body.documents.map((doc: { _id: string }) => doc._id)).toContain(projectIds[0]);
    expect(res.body.documents.map((doc: { _id: string }) => doc._id)).not.toContain(projectIds[5]);
    const filtered = await opsCall(
      'GET',
      `/api/ops/as-of?projection=${readModels.projects}&at=${new Date().toISOString()}&filter=${encodeURIComponent(JSON.stringify({ _id: projectIds[5] }))}`,
    );
    expect(filtered.body).toMatchObject({ total: 1, documents: [{ _id: projectIds[5] }] });
    expect((await opsCall('GET', `/api/ops/as-of?projection=${readModels.projects}&at=yesterday`)).status).toBe(400);
    expect(
      (await opsCall('GET', `/api/ops/as-of?projection=${readModels.projects}&at=1&filter=${encodeURIComponent('{"$where":"1"}')}`)).status,
    ).toBe(400);
  });

  it.each([
    ['$regex', { name: { $regex: '^(a+)+$' } }, 'name'],
    ['$regex', { $and: [{ _id: { $exists: true } }, { name: { $regex: '^(a+)+$', $options: 'i' } }] }, 'name'],
    ['$where', { $where: 'sleep(5000)' }, '(top level)'],
    ['$function', { name: { $function: { body: 'return 1', args: [], lang: 'js' } } }, 'name'],
    ['$expr', { $expr: { $gt: ['$name', ''] } }, '(top level)'],
    ['$accumulator', { name: { $eq: { $accumulator: {} } } }, 'name'],
    ['$not', { name: { $not: { $regex: 'a' } } }, 'name'],
  ])(
    'refuses an as-of filter with %s (400 naming the filter and where): no operator that runs code or unbounded work',
    async (operator, filter, where) => {
      const res = await opsCall('GET', `/api/ops/as-of?projection=${readModels.projects}&at=1&filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'filter' });
      expect(res.body.message).toContain(operator);
      expect(res.body.message).toContain(where);
    },
  );

  it('answers an as-of filter made of the operators it allows', async () => {
    const filter = { $or: [{ _id: { $in: [projectIds[1], projectIds[2]] } }, { name: 'Idea 3' }], name: { $gte: 'Idea 1', $lte: 'Idea 4' } };
    const res = await opsCall(
      'GET',
      `/api/ops/as-of?projection=${readModels.projects}&at=${new Date().toISOString()}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.documents.map((doc: { _id: string }) => doc._id).sort()).toEqual([projectIds[1], projectIds[2], projectIds[3]].sort());
  });

  it('refuses to skip an event a projection has not stopped at, and resumes a running one harmlessly', async () => {
    const refused = await opsCall('POST', `/api/ops/projections/${readModels.feedback}/resume`, { skip: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not stopped at an event/);
    expect((await opsCall('POST', `/api/ops/projections/${readModels.feedback}/resume`, {})).status).toBe(200);
    await owner.call('POST', '/api/feedback', { type: 'bug', message: 'Still grey' });
    const head = Number(await server.eventStore.headPosition());
    await vi.waitFor(
      async () => {
        const status = await server.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: readModels.feedback });
        expect(status).toMatchObject({ position: head, state: 'live' });
      },
      { timeout: 5000, interval: 20 },
    );
  });

  it('dry-runs a rebuild without touching anything', async () => {
    const before = await server.documentStore.findOne(PROJECTIONS_COLLECTION, { _id: readModels.projects });
    const res = await opsCall('POST', `/api/ops/projections/${readModels.projects}/rebuild?dryRun=true`);
    expect(res.status).toBe(200);
    expect(res.body.dryRun).toMatchObject({ projection: readModels.projects, from: 0, head: Number(await server.eventStore.headPosition()) });
    expect(res.body.dryRun.events).toBeGreaterThan(0);
    expect(await server.documentStore.findOne(PROJECTIONS_COLLECTION, { _id: readModels.projects })).toEqual(before);
  });

  it('rebuilds while a load generator reads the projection: no failed read, identical by digest afterwards', async () => {
    const before = await servingDigests(readModels.projects);
    const collectionBefore = (await server.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: readModels.projects }))!.collection;
    let loading = true;
    let reads = 0;
    const failures: unknown[] = [];
    const readers = Array.from({ length: 4 }, async (_, reader) => {
      while (loading) {
        const id = projectIds[(reads + reader) % projectIds.length]!;
        const res = await owner.call('GET', `/api/projects/${id}`);
        if (res.status !== 200 || res.body.project.id !== id) failures.push({ status: res.status, body: res.body });
        reads++;
      }
    });
    expect((await opsCall('POST', `/api/ops/projections/${readModels.projects}/rebuild`)).status).toBe(202);
    await vi.waitFor(
      async () => {
        const status = await server.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: readModels.projects });
        expect(status!.collection).not.toBe(collectionBefore);
        expect(status!.rebuild).toBeNull();
      },
      { timeout: 10_000, interval: 20 },
    );
    // Reads go on a moment past the switch, while the old collection is retired.
    await new Promise((resolve) => setTimeout(resolve, 200));
    loading = false;
    await Promise.all(readers);
    expect(reads).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect(await servingDigests(readModels.projects)).toEqual(before);
  });
});
