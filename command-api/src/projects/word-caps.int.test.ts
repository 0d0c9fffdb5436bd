import { FREE_PLAYS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, startFakeGemini, type FakeGemini } from '../ai/testing/fake-gemini.ts';
import { createProject, startAiApp, type AiApp } from '../ai/testing/ai-app.ts';

/**
 * The guided lists' word caps (3, 4, 6 or 8 words by list) are the server's rule: an API client sending more gets
 * a 400 naming the field and nothing is written, while an AI answer that ran long is cut, never thrown away.
 */
let gemini: FakeGemini;
let ai: AiApp;
beforeEach(async () => {
  gemini = await startFakeGemini();
  ai = await startAiApp({ gemini });
});
afterEach(async () => {
  await ai.cleanup();
  await gemini.close();
});

const projectEvents = async (projectId: string) => (await ai.events()).filter((event) => event.streamId === `project-${projectId}`);
const addedValues = async (projectId: string) =>
  (await projectEvents(projectId))
    .filter((event) => event.type === 'ParameterAdded')
    .map((event) => event.data as { list: string; value: string })
    .map(({ list, value }) => `${list}: ${value}`);

describe('POST /api/projects/:id/parameters', () => {
  it.each([
    ['viralParameters', 'fear of missing out', 'Common Viral Triggers: a parameter must be at most 3 words (it has 4)'],
    ['micrositeParameters', 'the million dollar home page', 'Successful Microsites: a parameter must be at most 4 words (it has 5)'],
    ['rewardFlowParameters', 'tips go to the pool then out', 'Reward Flow: a parameter must be at most 6 words (it has 7)'],
    [
      'audienceReachParameters',
      'short clips on every social site that people use',
      'Audience Reach Strategies: a parameter must be at most 8 words (it has 9)',
    ],
  ])("refuses a %s value over the list's cap with 400 naming 'value', writing nothing", async (list, value, message) => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const before = await projectEvents(projectId);
    const res = await visitor.post(`/api/projects/${projectId}/parameters`).send({ list, value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Parameter too long', message, field: 'value' });
    expect(await projectEvents(projectId)).toEqual(before);
  });

  it('takes a value of exactly the cap, and any length in the project’s own parameter tags', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const capped = await visitor.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'fear of missing' });
    expect(capped.status).toBe(200);
    const tag = await visitor.post(`/api/projects/${projectId}/parameters`).send({ value: 'a tag of more than eight words is still one tag' });
    expect(tag.status).toBe(200);
    expect(await addedValues(projectId)).toEqual(['viralParameters: fear of missing', 'parameters: a tag of more than eight words is still one tag']);
  });

  it('refuses a stage PATCH whose list holds a value over the cap, writing none of it', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const before = await projectEvents(projectId);
    const res = await visitor
      .patch(`/api/stages/${projectId}-stage-2`)
      .send({ data: { sustainabilityParameters: ['Closed loop', 'the pool is refilled by every single tip'] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'value', message: expect.stringContaining('Sustainability Check') });
    expect(await projectEvents(projectId)).toEqual(before);
  });
});

describe('results the AI puts into the project', () => {
  it('cuts a paid stage answer to the caps and keeps it: charged once, nothing refused', async () => {
    gemini.answer(
      json({
        summary: 'Research',
        fields: {
          viralParameters: ['fear of missing out on the daily pool', 'FOMO'],
          challengeParameters: ['people may not trust a brand new site at first'],
        },
      }),
    );
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const res = await visitor.post('/api/process-idea-stage').send({ stage: 'research', prompt: 'A tip wall that pays daily', projectId });
    expect(res.status).toBe(200);
    expect(await addedValues(projectId)).toEqual([
      'viralParameters: fear of missing',
      'viralParameters: FOMO',
      'challengeParameters: people may not trust a brand',
    ]);
    const charges = (await ai.events()).filter((event) => event.type === 'AiRequestCharged');
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ data: { method: 'free_play', freePlaysLeft: FREE_PLAYS - 1 } });
    expect((await ai.events()).some((event) => event.type === 'AiRequestRefunded')).toBe(false);
  });

  it('cuts results a client kept and applies later, rather than refusing them', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const res = await visitor
      .post(`/api/projects/${projectId}/stage-results`)
      .send({ stage: 'analysis', results: { rewardSourceParameters: ['a small fee on every tip that is sent'] } });
    expect(res.status).toBe(200);
    expect(await addedValues(projectId)).toEqual(['rewardSourceParameters: a small fee on every tip']);
  });
});
