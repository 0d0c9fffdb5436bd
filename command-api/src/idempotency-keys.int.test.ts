import { createRateLimiter, NO_ABUSE_LIMITS, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from './app.ts';
import { IDEMPOTENCY_KEYS_COLLECTION, sweepIdempotencyKeys } from './idempotency-keys.ts';

let now: number;
let stores: Awaited<ReturnType<typeof openTestStores>>;
let app: ReturnType<typeof createCommandApi>;

beforeEach(async () => {
  now = Date.parse('2026-11-23T10:00:00.000Z');
  stores = await openTestStores();
  app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: 's'.repeat(32),
    secureCookies: false,
    clock: () => new Date(now),
    abuse: { limiter: createRateLimiter({ documentStore: stores.documentStore }), limits: NO_ABUSE_LIMITS },
  });
});
afterEach(async () => {
  app.stopTimers();
  await stores.cleanup();
});

const newProject = async (agent: ReturnType<typeof request.agent>) => (await agent.post('/api/projects').send({})).body.project.id as string;

describe('an Idempotency-Key is one request of one caller: its route, its stream and its body', () => {
  it('answers 422 to the same key on a second project of the same caller, and writes nothing there', async () => {
    const ann = request.agent(app.callback());
    const [first, second] = [await newProject(ann), await newProject(ann)];
    const added = await ann
      .post(`/api/projects/${first}/parameters`)
      .set('Idempotency-Key', 'k-1')
      .send({ list: 'viralParameters', value: 'Scarcity' });
    expect(added.status).toBe(200);
    const before = (await stores.eventStore.readAll()).length;
    const elsewhere = await ann
      .post(`/api/projects/${second}/parameters`)
      .set('Idempotency-Key', 'k-1')
      .send({ list: 'viralParameters', value: 'Scarcity' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({ success: false, message: expect.stringMatching(/Idempotency-Key reused/) });
    const otherRoute = await ann.put(`/api/projects/${first}/name`).set('Idempotency-Key', 'k-1').send({ name: 'Loop' });
    expect(otherRoute.status).toBe(422);
    expect((await stores.eventStore.readAll()).length).toBe(before);
    // The retry of the first request still answers as the first time.
    const retry = await ann
      .post(`/api/projects/${first}/parameters`)
      .set('Idempotency-Key', 'k-1')
      .send({ list: 'viralParameters', value: 'Scarcity' });
    expect(retry.status).toBe(200);
    expect(retry.body.position).toBe(added.body.position);
  });

  it('binds a key once under a burst: of two different requests sent together, one acts', async () => {
    const ann = request.agent(app.callback());
    const [first, second] = [await newProject(ann), await newProject(ann)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ann
          .post(`/api/projects/${i % 2 === 0 ? first : second}/parameters`)
          .set('Idempotency-Key', 'k-burst')
          .send({ list: 'viralParameters', value: 'Scarcity' }),
      ),
    );
    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([200, 422]));
    const added = (await stores.eventStore.readAll()).filter((event) => event.type === 'ParameterAdded');
    expect(new Set(added.map((event) => event.streamId)).size).toBe(1);
  });

  it('lets another caller use the same key, and gives every event of the log its own id', async () => {
    const [ann, bob] = [request.agent(app.callback()), request.agent(app.callback())];
    for (const agent of [ann, bob]) {
      const id = await newProject(agent);
      expect(
        (await agent.post(`/api/projects/${id}/parameters`).set('Idempotency-Key', 'shared').send({ list: 'viralParameters', value: 'Scarcity' }))
          .status,
      ).toBe(200);
    }
    const ids = (await stores.eventStore.readAll()).map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('forgets a key after a day', async () => {
    const ann = request.agent(app.callback());
    await ann.post('/api/feedback').set('Idempotency-Key', 'k-old').send({ message: 'Lovely tool, thank you' });
    expect(await stores.documentStore.count(IDEMPOTENCY_KEYS_COLLECTION)).toBe(1);
    now += 25 * 60 * 60 * 1000;
    expect(await sweepIdempotencyKeys(stores.documentStore, () => new Date(now))).toBe(1);
    expect(await stores.documentStore.count(IDEMPOTENCY_KEYS_COLLECTION)).toBe(0);
  });
});
