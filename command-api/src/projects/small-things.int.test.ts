import { DUPLICATE_PARAMETER_MESSAGE, DUPLICATE_SEGMENT_MESSAGE } from '@vis/domain';
import { silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let app: ReturnType<typeof createCommandApi>;

beforeEach(async () => {
  stores = await openTestStores();
  app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: 's'.repeat(32),
    secureCookies: false,
    clock: () => new Date('2026-11-27T10:00:00.000Z'),
  });
});
afterEach(() => stores.cleanup());

const eventCount = async () => (await stores.eventStore.readAll()).length;
const visitor = () => request.agent(app.callback());

const createProject = async (agent: ReturnType<typeof visitor>, body: object = {}) => {
  const res = await agent.post('/api/projects').send(body);
  expect(res.status).toBe(201);
  return res.body.project.id as string;
};

/** A 400 that names the field, with the message, and writes nothing. */
const expectRefused = async (send: () => Promise<request.Response>, field: string, message: string) => {
  const before = await eventCount();
  const res = await send();
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, field, message });
  expect(await eventCount()).toBe(before);
};

describe('duplicates differing only in case', () => {
  it('refuses a parameter already in the list in another case; an exact repeat changes nothing; another list takes it', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    expect((await agent.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'FOMO' })).body.changed).toBe(true);
    await expectRefused(
      () => agent.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'fomo' }),
      'value',
      DUPLICATE_PARAMETER_MESSAGE,
    );
    const repeat = await agent.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'FOMO' });
    expect(repeat.body).toMatchObject({ success: true, changed: false });
    expect((await agent.post(`/api/projects/${id}/parameters`).send({ list: 'techParameters', value: 'fomo' })).body.changed).toBe(true);
  });

  it('refuses an audience segment named like one already there', async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const segment = { name: 'Tippers', description: 'People who tip', reachStrategy: 'Streams' };
    expect((await agent.post(`/api/projects/${id}/audience-segments`).send(segment)).status).toBe(200);
    await expectRefused(
      () => agent.post(`/api/projects/${id}/audience-segments`).send({ ...segment, name: ' TIPPERS ' }),
      'name',
      DUPLICATE_SEGMENT_MESSAGE,
    );
  });

  it('refuses a builder value with the same words in another case', async () => {
    const agent = visitor();
    const id = await createProject(agent, { project: { kind: 'builder' } });
    expect((await agent.post(`/api/projects/${id}/builder/parameters`).send({ category: 'emotion', value: 'Pride' })).status).toBe(200);
    await expectRefused(
      () => agent.post(`/api/projects/${id}/builder/parameters`).send({ category: 'emotion', value: 'PRIDE' }),
      'value',
      DUPLICATE_PARAMETER_MESSAGE,
    );
  });
});

describe("stage notes of spec 01 §3 that had no screen's field", () => {
  it("saves stage 2's specific mechanics and reward integration points, and stage 4's messaging strategy", async () => {
    const agent = visitor();
    const id = await createProject(agent);
    const stage2 = await agent
      .patch(`/api/projects/${id}/stages/2/notes`)
      .send({ fields: { specificMechanics: 'Each tip adds 1.5% to the pool', rewardIntegrationPoints: 'The tip button' } });
    expect(stage2.body).toMatchObject({ success: true, changed: true, events: ['StageNotesUpdated'] });
    const stage4 = await agent.patch(`/api/projects/${id}/stages/4/notes`).send({ fields: { messagingStrategy: 'Tip once, shine all day' } });
    expect(stage4.body).toMatchObject({ success: true, changed: true, events: ['StageNotesUpdated'] });
    const events = await stores.eventStore.readAll();
    expect(events.slice(-2).map((event) => event.data)).toEqual([
      expect.objectContaining({
        stage: 2,
        fields: { specificMechanics: 'Each tip adds 1.5% to the pool', rewardIntegrationPoints: 'The tip button' },
      }),
      expect.objectContaining({ stage: 4, fields: { messagingStrategy: 'Tip once, shine all day' } }),
    ]);
  });
});
