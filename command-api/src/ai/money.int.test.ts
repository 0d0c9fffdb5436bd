import {
  FREE_PLAYS,
  MAX_LIST_ITEMS,
  parameterListOf,
  projectDecider,
  projectStreamId,
  type ActiveProjectState,
  type ProjectCommand,
} from '@vis/domain';
import { handleCommand, readStreamState } from '@vis/infrastructure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AI_REQUESTS_COLLECTION } from './ai-journal.ts';
import { json, startFakeGemini, type FakeGemini } from './testing/fake-gemini.ts';
import { createProject, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';

/**
 * Issue 24's money findings on the AI path: a request is charged only for an outcome the person receives, and one
 * Idempotency-Key asks the model once however often it is sent.
 */
let gemini: FakeGemini;
let ai: AiApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-23T10:00:00.000Z');
  gemini = await startFakeGemini();
  gemini.otherwise(() => json({ parameters: ['Scarcity', 'Social proof', 'Streaks'], enhancedPrompt: 'Build the loop' }));
  ai = await startAiApp({ gemini, clock: () => new Date(now) });
});
afterEach(async () => {
  await ai.cleanup();
  await gemini.close();
});

/** The free plays the (one) visitor of a test has left, as its account's last charge or refund says. */
const freePlaysOf = async (_visitor: Visitor) => {
  const moves = (await ai.events()).filter((event) => event.type === 'AiRequestCharged' || event.type === 'AiRequestRefunded');
  return moves.length === 0 ? FREE_PLAYS : (moves.at(-1)!.data as { freePlaysLeft: number }).freePlaysLeft;
};
const generateCalls = () => gemini.calls.filter((call) => call.task === 'generateContent').length;
const ownerOf = async (projectId: string) => {
  const created = (await ai.events()).find(
    (event) => event.type === 'ProjectCreated' && (event.data as { projectId: string }).projectId === projectId,
  );
  return (created!.data as { ownerId: string }).ownerId;
};

describe('no charge without an outcome', () => {
  it('refuses an enhanced prompt for a finished builder idea before charging: three tries leave three free plays', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { kind: 'builder' } });
    expect((await visitor.put(`/api/projects/${projectId}/builder/core-idea`).send({ coreIdea: 'A wall of tips' })).status).toBe(200);
    expect((await visitor.post(`/api/projects/${projectId}/builder/finish`).send({ timeSpentSeconds: 60 })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await visitor.post('/api/generate-enhanced-prompt').send({ projectId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'finished' });
      expect(res.body.message).toMatch(/This idea is finished/);
    }
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS);
    expect(generateCalls()).toBe(0);
  });

  it('refuses suggestions for a full list before charging, and refunds when the list fills while the model runs', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const actorId = await ownerOf(projectId);
    const fill = async (from: number, count: number) => {
      for (let start = from; start < from + count; start += 50) await fillChunk(start, Math.min(50, from + count - start));
    };
    const fillChunk = (from: number, count: number) =>
      handleCommand(
        ai.stores.eventStore,
        projectDecider,
        projectStreamId(projectId),
        Array.from({ length: count }, (_, i): ProjectCommand => ({
          type: 'AddParameter',
          data: { projectId, list: 'viralParameters', value: `Value ${from + i}` },
          metadata: { commandId: `fill-${from}`, actorId, now: new Date(now).toISOString() },
        })),
      );
    const { state } = await readStreamState(ai.stores.eventStore, projectDecider, projectStreamId(projectId));
    await fill(0, MAX_LIST_ITEMS - parameterListOf(state as ActiveProjectState, 'viralParameters').length);
    const full = await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId, addToList: true });
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({ field: 'list' });
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS);
    expect(generateCalls()).toBe(0);

    // Room for one when asked; full by the time the model answers: the outcome is refused, and refunded.
    await visitor.post(`/api/projects/${projectId}/parameters/remove`).send({ list: 'viralParameters', value: 'Value 0' });
    let release!: () => void;
    gemini.answer({ until: new Promise((resolve) => (release = () => resolve(undefined))), text: JSON.stringify({ parameters: ['Brand new'] }) });
    const asked = visitor
      .post('/api/generate-parameters')
      .send({ fieldType: 'viralParameters', projectId, addToList: true })
      .then((res) => res);
    await expect.poll(generateCalls).toBe(1);
    await visitor.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'Filler' });
    release();
    const refused = await asked;
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'list' });
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS);
    const refunds = (await ai.events()).filter((event) => event.type === 'AiRequestRefunded');
    expect(refunds).toHaveLength(1);
  });
});

describe('one Idempotency-Key, one model call', () => {
  const body = { fieldType: 'viralParameters', coreIdea: 'A tip wall that pays the best message' };

  it('answers the first outcome to every retry, sequential or parallel, and asks the model once', async () => {
    const visitor = ai.visitor();
    const first = await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-1').send(body);
    expect(first.status).toBe(200);
    const retries = [await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-1').send(body)];
    retries.push(
      ...(await Promise.all(Array.from({ length: 20 }, () => visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-1').send(body)))),
    );
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
    }
    expect(generateCalls()).toBe(1);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
  });

  it('runs a burst of first sends once: the others wait for its answer', async () => {
    const visitor = ai.visitor();
    await createProject(visitor); // one browser: its session exists before the burst
    let release!: () => void;
    gemini.answer({ until: new Promise((resolve) => (release = () => resolve(undefined))), text: JSON.stringify({ parameters: ['Held answer'] }) });
    const burst = Promise.all(
      Array.from({ length: 30 }, () => visitor.post('/api/generate-parameters').set('Idempotency-Key', 'burst-1').send(body)),
    );
    await expect.poll(generateCalls).toBe(1);
    release();
    const answers = await burst;
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((res) => JSON.stringify(res.body.parameters)))).toEqual(new Set([JSON.stringify(['Held answer'])]));
    expect(generateCalls()).toBe(1);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
  });

  it('answers 422 to the same key with another body, and asks nothing', async () => {
    const visitor = ai.visitor();
    await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-2').send(body);
    const other = await visitor
      .post('/api/generate-parameters')
      .set('Idempotency-Key', 'retry-2')
      .send({ ...body, coreIdea: 'Something else' });
    expect(other.status).toBe(422);
    expect(generateCalls()).toBe(1);
  });

  it('keeps the answer for a day, then forgets it', async () => {
    const visitor = ai.visitor();
    await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-3').send(body);
    now += 23 * 60 * 60 * 1000;
    expect((await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-3').send(body)).headers['idempotent-replayed']).toBe('true');
    expect(generateCalls()).toBe(1);
    now += 2 * 60 * 60 * 1000;
    await ai.app.aiGateway.repairAbandoned();
    expect(await ai.stores.documentStore.count(AI_REQUESTS_COLLECTION)).toBe(0);
  });

  it('forgets a failed request (refunded): its retry is a new try', async () => {
    const visitor = ai.visitor();
    gemini.answer({ status: 500, message: 'internal' });
    expect((await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-4').send(body)).status).toBe(502);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS);
    const retry = await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'retry-4').send(body);
    expect(retry.status).toBe(200);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
    expect(generateCalls()).toBe(2);
  });
});

/** As if the process running the request died before it wrote the answer down: its lease has run out. */
const abandon = (requestId: string, actorId: string, projectId: string | null) =>
  ai.stores.documentStore.replaceOne(AI_REQUESTS_COLLECTION, {
    _id: requestId,
    state: 'running',
    actorId,
    projectId,
    requestDigest: null,
    owner: 'a-dead-process',
    leaseUntil: new Date(now - 1000).toISOString(),
    expiresAt: new Date(now + 1000).toISOString(),
  });

describe('a crash between charge and answer', () => {
  it('is repaired once the lease runs out: refunded once, never charged twice', async () => {
    const visitor = ai.visitor();
    // The model never answers while the "process" is alive; the test abandons the request by moving the clock past
    // its lease, as a restarted process finds it.
    let wake!: () => void;
    gemini.answer({ until: new Promise((resolve) => (wake = () => resolve(undefined))), text: JSON.stringify({ parameters: ['Late'] }) });
    const hung = visitor
      .post('/api/generate-parameters')
      .set('Idempotency-Key', 'crash-1')
      .send(askBody())
      .then((res) => res);
    await expect.poll(generateCalls).toBe(1);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
    now += 10 * 60 * 1000;
    await ai.app.aiGateway.repairAbandoned();
    await ai.app.aiGateway.repairAbandoned();
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS);
    expect((await ai.events()).filter((event) => event.type === 'AiRequestRefunded')).toHaveLength(1);
    // (The "dead" process's request ends here, so the test leaves nothing running: a live process never outlasts
    // its lease, which is longer than the model's timeout.)
    wake();
    await hung;
    // The retry runs afresh and is charged once.
    const retry = await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'crash-1').send(askBody());
    expect(retry.status).toBe(200);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
  });

  it('keeps the charge when the outcome reached the project before the crash', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId });
    const requestId = (await ai.events()).find((event) => event.type === 'AiRequestCharged')!.data as { requestId: string; accountId: string };
    // As if the process died after recording the outcome, before it wrote the answer down.
    await abandon(requestId.requestId, requestId.accountId, projectId);
    await ai.app.aiGateway.repairAbandoned();
    expect((await ai.events()).filter((event) => event.type === 'AiRequestRefunded')).toHaveLength(0);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
    expect(await ai.stores.documentStore.count(AI_REQUESTS_COLLECTION)).toBe(0);
  });

  it("keeps the charge when Quick Start's new project was made before the crash (it is looked for where the request makes it)", async () => {
    const visitor = ai.visitor();
    gemini.answer(json({ projectName: 'Tip Pool', lists: { viralParameters: ['FOMO'] }, concepts: [{ name: 'Tip Wall', simplicityScore: 4 }] }));
    const res = await visitor.post('/api/quick-generate-idea').send({ coreIdea: 'A tip wall that pays the best message', target: 'new' });
    expect(res.status).toBe(200);
    const charged = (await ai.events()).find((event) => event.type === 'AiRequestCharged')!.data as { requestId: string; accountId: string };
    expect(charged.requestId).toBe(res.body.requestId);
    // As if the process died after making the project, before it wrote the answer down: the journal has no project id.
    await abandon(charged.requestId, charged.accountId, null);
    await ai.app.aiGateway.repairAbandoned();
    expect((await ai.events()).filter((event) => event.type === 'AiRequestRefunded')).toHaveLength(0);
    expect(await freePlaysOf(visitor)).toBe(FREE_PLAYS - 1);
  });
});

const askBody = () => ({ fieldType: 'viralParameters', coreIdea: 'A tip wall that pays the best message' });
