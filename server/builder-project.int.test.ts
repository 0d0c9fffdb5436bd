import { marketplaceIdea, projectHistoryResponse, projectListResponse, projectResponse, publishIdeaResponse, type BuilderView } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

/** The /game screen's nine-step builder, through the real command and query apps (spec 02 §2.6, §2.7, §4, §5). */
describe('a builder project, from creation to a finished viral idea', () => {
  const ann = httpClient(() => server.url);
  let id = '';
  let position = '0';
  const task = async (method: string, path: string, body?: unknown) => {
    const res = await ann.call(method, `/api/projects/${id}/builder${path}`, body);
    if (res.body?.position) position = res.body.position;
    return res;
  };
  const read = async () => {
    const res = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': position });
    expect(res.status).toBe(200);
    return projectResponse.parse(res.body);
  };
  const builder = async (): Promise<BuilderView> => (await read()).builder!;
  const category = (view: BuilderView, name: string) => view.categories.find((each) => each.category === name)!;

  it("is created as 'My Viral Idea', empty, on step 1", async () => {
    const created = await ann.call('POST', '/api/projects', { project: { kind: 'builder' } });
    expect(created.status).toBe(201);
    id = created.body.project.id;
    position = created.body.position;
    const project = await read();
    expect(project.kind).toBe('builder');
    expect(project.project.name).toBe('My Viral Idea');
    expect(project.builder).toMatchObject({
      coreIdea: '',
      viralMechanics: '',
      limits: { coreIdeaWords: 60, viralMechanicsWords: 40 },
      completedSteps: [],
      currentStep: 1,
      percentComplete: 0,
      enhancedPrompt: '',
      finished: null,
    });
    expect(project.builder!.steps.map((step) => [step.step, step.name, step.status])).toEqual([
      [1, 'Core Idea', 'current'],
      [2, 'Closed Loop System', 'locked'],
      [3, 'Social Currency', 'locked'],
      [4, 'Emotion', 'locked'],
      [5, 'Public', 'locked'],
      [6, 'Practical Value', 'locked'],
      [7, 'Stories', 'locked'],
      [8, 'Complete Prompt', 'locked'],
      [9, 'Community', 'locked'],
    ]);
    expect(project.builder!.categories.map((each) => [each.category, each.step, each.maxWords, each.active])).toEqual([
      ['technical', 1, 3, false],
      ['sustainability', 2, 3, false],
      ['socialCurrency', 3, 10, false],
      ['emotion', 4, 10, false],
      ['public', 5, 10, false],
      ['practicalValue', 6, 10, false],
      ['stories', 7, 10, false],
      ['community', 9, 10, false],
    ]);
  });

  it('refuses a core idea over 60 words, naming the field, and the viral mechanics over 40', async () => {
    const tooLong = await task('PUT', '/core-idea', { coreIdea: words(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, field: 'coreIdea', message: 'Core idea must be at most 60 words (it has 61)' });
    // The project, still under the default name, takes its name from the idea (issue 26).
    expect((await task('PUT', '/core-idea', { coreIdea: 'A wall where every tip pays the next tipper' })).body.events).toEqual([
      'BuilderCoreIdeaChanged',
      'ProjectRenamed',
    ]);
    expect((await task('PUT', '/viral-mechanics', { viralMechanics: words(41) })).body).toMatchObject({ field: 'viralMechanics' });
    expect((await task('PUT', '/viral-mechanics', { viralMechanics: 'Every tip is shown on the wall' })).status).toBe(200);
    expect(await builder()).toMatchObject({
      coreIdea: 'A wall where every tip pays the next tipper',
      coreIdeaWords: 9,
      viralMechanics: 'Every tip is shown on the wall',
      viralMechanicsWords: 7,
    });
  });

  it('adds parameters with the word limits, drops duplicates and blanks, and keeps a category active once used', async () => {
    expect((await task('POST', '/parameters', { category: 'technical', value: 'Cloudflare Workers with KV storage' })).body.events).toEqual([
      'BuilderParameterAdded',
    ]);
    // The same words in another case or punctuation are refused, naming the field (issue 26); an exact repeat is dropped.
    expect((await task('POST', '/parameters', { category: 'technical', value: 'cloudflare workers, with' })).body).toMatchObject({
      success: false,
      field: 'value',
    });
    expect((await task('POST', '/parameters', { category: 'technical', value: 'Cloudflare Workers with' })).body.changed).toBe(false);
    expect((await task('POST', '/parameters', { category: 'technical', value: '   ' })).body.changed).toBe(false);
    await task('POST', '/parameters', { category: 'socialCurrency', value: `${words(10)} extra` });
    await task('POST', '/parameters', { category: 'emotion', value: 'Pride' });
    expect((await task('POST', '/parameters/remove', { category: 'emotion', value: 'Pride' })).body.events).toEqual(['BuilderParameterRemoved']);
    await task('POST', '/parameters', { category: 'stories', value: 'Origin story' });
    expect((await task('POST', '/parameters/clear', { category: 'stories' })).body.events).toEqual(['BuilderParametersCleared']);
    expect((await task('POST', '/parameters', { category: 'viral', value: 'x' })).status).toBe(400);
    const view = await builder();
    expect(category(view, 'technical')).toMatchObject({ active: true, params: ['Cloudflare Workers with'] });
    expect(category(view, 'socialCurrency')).toMatchObject({ active: true, params: [words(10)] });
    expect(category(view, 'emotion')).toMatchObject({ active: true, params: [] });
    expect(category(view, 'stories')).toMatchObject({ active: true, params: [] });
    expect(category(view, 'community')).toMatchObject({ active: false, params: [] });
  });

  it('completes steps in order only, and goes back and forth among the reachable ones', async () => {
    const skipped = await task('POST', '/steps/3/complete');
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({ field: 'step', message: 'Complete step 1 (Core Idea) before step 3 (Social Currency)' });
    expect((await task('PUT', '/current-step', { step: 4 })).status).toBe(400);
    for (const step of [1, 2, 3, 4, 5, 6, 7]) {
      expect((await task('POST', `/steps/${step}/complete`)).body.events).toEqual(['BuilderStepCompleted', 'BuilderCurrentStepChanged']);
    }
    expect((await task('PUT', '/current-step', { step: 2 })).body.events).toEqual(['BuilderCurrentStepChanged']);
    expect((await task('PUT', '/current-step', { step: 8 })).body.events).toEqual(['BuilderCurrentStepChanged']);
    expect((await task('POST', '/steps/10/complete')).status).toBe(400);
    const view = await builder();
    expect(view).toMatchObject({ completedSteps: [1, 2, 3, 4, 5, 6, 7], currentStep: 8, percentComplete: 78 });
    expect(view.steps.map((step) => step.status)).toEqual([...Array<string>(7).fill('complete'), 'current', 'locked']);
  });

  it('generates the enhanced prompt offline and puts it into the builder in the same append', async () => {
    const generated = await ann.call('POST', '/api/generate-enhanced-prompt', { projectId: id });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ success: true, message: 'Enhanced Prompt Generated', offline: true, position: expect.any(String) });
    expect(generated.body.enhancedPrompt).toContain('Cloudflare Workers with');
    position = generated.body.position;
    const events = await server.eventStore.readStream(`project-${id}`);
    const [recorded, applied] = events.slice(-2);
    expect([recorded!.type, applied!.type]).toEqual(['AiPromptGenerated', 'BuilderPromptRecorded']);
    expect(applied!.position).toBe(BigInt(position));
    expect((applied!.data as { requestId: string }).requestId).toBe(generated.body.requestId);
    expect((await builder()).enhancedPrompt).toBe(generated.body.enhancedPrompt.trim());
  });

  it('finishes with the time spent, reopens keeping everything, and finishes again', async () => {
    expect((await task('POST', '/steps/8/complete')).body.events).toEqual(['BuilderStepCompleted', 'BuilderCurrentStepChanged']);
    await task('POST', '/parameters', { category: 'community', value: 'Tippers vote on the wall rules' });
    expect((await task('POST', '/steps/9/complete')).body.events).toEqual(['BuilderStepCompleted']);
    expect((await task('POST', '/finish', { timeSpentSeconds: 754 })).body.events).toEqual(['BuilderFinished']);
    const finished = await builder();
    expect(finished.finished).toEqual({ timeSpentSeconds: 754, finishedAt: expect.any(String) });
    expect((await task('POST', '/reopen')).body.events).toEqual(['BuilderReopened']);
    const reopened = await builder();
    expect(reopened).toEqual({ ...finished, finished: null });
    expect((await task('POST', '/finish', { timeSpentSeconds: 800 })).status).toBe(200);
    expect((await task('POST', '/finish', { timeSpentSeconds: -1 })).status).toBe(400);
  });

  it('shows it all: the project, the list with its kind, and a readable history', async () => {
    const project = await read();
    expect(project.builder).toMatchObject({
      coreIdea: 'A wall where every tip pays the next tipper',
      completedSteps: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      currentStep: 9,
      percentComplete: 100,
      finished: { timeSpentSeconds: 800 },
    });
    expect(category(project.builder!, 'community')).toMatchObject({ active: true, params: ['Tippers vote on the wall rules'] });
    const list = projectListResponse.parse((await ann.call('GET', '/api/projects', undefined, { 'X-Min-Position': position })).body);
    expect(list.projects.find((item) => item.id === id)).toMatchObject({
      kind: 'builder',
      name: 'A wall where every tip pays the next tipper',
      coreIdea: 'A wall where every tip pays the next tipper',
      percentComplete: 100,
    });
    const history = projectHistoryResponse.parse(
      (await ann.call('GET', `/api/projects/${id}/history?limit=200`, undefined, { 'X-Min-Position': position })).body,
    );
    const summaries = history.history.map((entry) => entry.summary);
    expect(summaries).toContain("Created the builder project 'My Viral Idea'");
    expect(summaries).toContain('Finished the viral idea in 13:20 (9 of 9 steps complete)');
    expect(summaries).toContain('Went back to the editor');
  });

  it("publishes to the marketplace from the builder's own texts and lists", async () => {
    const published = publishIdeaResponse.parse((await ann.call('POST', '/api/marketplace/ideas', { projectId: id })).body);
    const idea = marketplaceIdea.parse(
      (await ann.call('GET', `/api/marketplace/ideas/${published.id}`, undefined, { 'X-Min-Position': published.position })).body,
    );
    // Titled by the builder's idea, not the default project name (issue 26).
    expect(idea).toMatchObject({
      title: 'A wall where every tip pays the next tipper',
      coreIdea: 'A wall where every tip pays the next tipper',
      viralTriggers: 'Every tip is shown on the wall',
      techFramework: 'Cloudflare Workers with',
    });
  });

  it('refuses the guided stages on a builder project, and the builder on a guided one, naming the kind', async () => {
    const guided = await ann.call('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'x' });
    expect(guided.status).toBe(400);
    expect(guided.body).toMatchObject({ field: 'kind', message: 'This is a nine-step builder project: only a guided project takes this change' });
    // An AI use that applies its answer to the guided stages is refused before anything is charged.
    const points = (await ann.call('GET', '/api/subscription/status')).body.remainingFreeUses;
    const stageAi = await ann.call('POST', '/api/process-idea-stage', { projectId: id, stage: 1, prompt: 'Research tipping' });
    expect(stageAi.status).toBe(400);
    expect(stageAi.body.field).toBe('kind');
    expect((await ann.call('POST', '/api/generate-parameters', { projectId: id, addToList: true })).body.field).toBe('kind');
    expect((await ann.call('GET', '/api/subscription/status')).body.remainingFreeUses).toBe(points);
    const created = (await ann.call('POST', '/api/projects', { project: { name: 'Guided' } })).body;
    const other = created.project.id;
    const onGuided = await ann.call('PUT', `/api/projects/${other}/builder/core-idea`, { coreIdea: 'x' });
    expect(onGuided.status).toBe(400);
    expect(onGuided.body).toMatchObject({ field: 'kind', message: 'This is a guided project: only a nine-step builder project takes this change' });
    // Read with the position of the guided project's own creation, or the read may come before the projection has it.
    const guidedRead = await ann.call('GET', `/api/projects/${other}`, undefined, { 'X-Min-Position': created.position });
    expect(projectResponse.parse(guidedRead.body)).toMatchObject({ kind: 'guided', builder: null });
    const withStages = await ann.call('POST', '/api/projects', { project: { kind: 'builder', coreIdea: 'x' } });
    expect(withStages.status).toBe(400);
    expect(withStages.body.field).toBe('project.coreIdea');
  });

  it('is not found for a second visitor, who cannot change it either', async () => {
    const bob = httpClient(() => server.url);
    expect((await bob.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': position })).status).toBe(404);
    const before = (await server.eventStore.readStream(`project-${id}`)).length;
    expect((await bob.call('PUT', `/api/projects/${id}/builder/core-idea`, { coreIdea: 'mine now' })).status).toBe(404);
    expect((await bob.call('POST', `/api/projects/${id}/builder/finish`, { timeSpentSeconds: 1 })).status).toBe(404);
    expect((await bob.call('POST', '/api/generate-enhanced-prompt', { projectId: id })).status).toBe(404);
    expect((await server.eventStore.readStream(`project-${id}`)).length).toBe(before);
  });
});
