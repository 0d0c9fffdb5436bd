import { FREE_PLAYS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';

let ai: AiApp;
beforeEach(async () => (ai = await startAiApp()));
afterEach(() => ai.cleanup());

const idea = 'A wall where every tip joins a pool that pays the best messages daily';
const chargesOf = async () => (await ai.events()).filter((event) => event.type === 'AiRequestCharged');
const ask = (browser: Visitor, projectId: string, body: object = {}) =>
  browser.post('/api/process-idea-stage').send({ stage: 'research', prompt: 'Research viral triggers for a tip wall', projectId, ...body });

/** A browser signed in as Ann (local sign-in); two calls are two browsers of the same person. */
const annsBrowser = async () => {
  const browser = ai.visitor();
  await browser.get('/auth/local');
  const signedIn = await browser.post('/auth/local').type('form').send({ displayName: 'Ann', email: 'ann@example.com', returnTo: '/' });
  expect(signedIn.status).toBe(303);
  return browser;
};

describe('the dependency lock (spec 01 §4: a stage opens once its dependencies hold something)', () => {
  it("refuses a locked stage with 409 'Cannot proceed' and charges nothing; the balance is whole for the next request", async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { coreIdea: idea } });
    // Research holds its starting triggers; analysis is empty, so ideation (research + analysis) is locked.
    const locked = await ask(visitor, projectId, { stage: 'ideation' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ success: false, error: 'Cannot proceed', message: 'Complete the current stage first.' });
    const tailored = await visitor.post('/api/generate-prompt-sequence').send({ stage: 'mechanics', input: idea, projectId });
    expect(tailored.status).toBe(409);
    expect(await chargesOf()).toEqual([]);

    // Open stages go on as before, and the first charge is the first free play.
    expect((await ask(visitor, projectId, { stage: 'analysis' })).status).toBe(200);
    expect(await chargesOf()).toMatchObject([{ data: { method: 'free_play', freePlaysLeft: FREE_PLAYS - 1 } }]);
  });
});

describe('stored stage answers: the same question costs one play, on any device', () => {
  it('answers the same input from a second browser of the same person with the same results, charged once', async () => {
    const laptop = await annsBrowser();
    const phone = await annsBrowser();
    const projectId = await createProject(laptop, { project: { coreIdea: idea } });
    const first = await ask(laptop, projectId, { options: { focusOn: 'students', iterations: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.cached).toBeUndefined();
    const again = await ask(phone, projectId, { options: { iterations: 2, focusOn: 'students' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, cached: true, requestId: first.body.requestId, offline: true });
    expect(again.body.results).toEqual(first.body.results);
    const charges = await chargesOf();
    expect(charges).toHaveLength(1);
    expect(charges[0]!.streamId).toMatch(/^account-user-/);
    // Nothing new went into the project: the results it holds are the ones answered.
    expect((await ai.events()).filter((event) => event.type === 'AiResultsGenerated')).toHaveLength(1);
  });

  it.each([
    ['another prompt', { prompt: 'Research what makes tip pages spread' }],
    ['another option', { options: { iterations: 3 } }],
  ])('charges again for %s', async (_, changed) => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { coreIdea: idea } });
    await ask(visitor, projectId);
    const other = await ask(visitor, projectId, changed);
    expect(other.status).toBe(200);
    expect(other.body.cached).toBeUndefined();
    expect(await chargesOf()).toHaveLength(2);
  });

  it("charges again once the project's context changed (a new core idea is a new question)", async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { coreIdea: idea } });
    await ask(visitor, projectId);
    expect((await ask(visitor, projectId)).body.cached).toBe(true);
    await visitor.put(`/api/projects/${projectId}/core-idea`).send({ coreIdea: 'A jukebox page where tips pick the next song' });
    expect((await ask(visitor, projectId)).body.cached).toBeUndefined();
    expect(await chargesOf()).toHaveLength(2);
  });

  it('puts a stored answer back into a stage that was reset since, free', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { coreIdea: idea } });
    const research = await ask(visitor, projectId);
    // Back to its starting triggers: the project is as it was when the question was first asked.
    expect((await visitor.post(`/api/projects/${projectId}/stages/1/reset`).send({})).body.events).toContain('StageReset');
    const reused = await ask(visitor, projectId);
    expect(reused.body).toMatchObject({ cached: true, results: research.body.results });
    expect(await chargesOf()).toHaveLength(1);
    const events = await ai.events();
    const reset = events.findIndex((event) => event.type === 'StageReset');
    const addedAgain = events
      .slice(reset)
      .filter((event) => event.type === 'ParameterAdded' && (event.data as { list: string }).list === 'micrositeParameters');
    expect(addedAgain.map((event) => (event.data as { value: string }).value)).toEqual(research.body.results.micrositeParameters);
  });

  it("clears one stage's stored answers (its owner only), after which the same question is charged", async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor, { project: { coreIdea: idea } });
    await ask(visitor, projectId);
    expect((await ai.visitor().delete(`/api/projects/${projectId}/stage-answers/research`)).status).toBe(404);
    expect((await visitor.delete(`/api/projects/${projectId}/stage-answers/analysis`)).body).toEqual({ success: true, cleared: 0 });
    expect((await ask(visitor, projectId)).body.cached).toBe(true);
    const cleared = await visitor.delete(`/api/projects/${projectId}/stage-answers/research`);
    expect(cleared.body.success).toBe(true);
    expect(cleared.body.cleared).toBeGreaterThan(0);
    expect((await ask(visitor, projectId)).body.cached).toBeUndefined();
    expect(await chargesOf()).toHaveLength(2);
    expect((await visitor.delete('/api/stage-answers')).body.cleared).toBeGreaterThan(0);
    expect((await ask(visitor, projectId)).body.cached).toBeUndefined();
  });
});
