import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const eventsOf = async (projectId: string) =>
  (await server.eventStore.readStream(`project-${projectId}`)).map((event) => ({ type: event.type, data: event.data }));

/** One visitor; reads wait for its own last command, as the web app's do. */
const session = () => readYourWritesClient(() => server.url);

describe('a guided project through the API', () => {
  const ann = session();
  let id = '';

  it('creates a project with the spec call and lists it', async () => {
    const created = await ann.command('POST', '/api/projects', { project: { name: 'Tip Jar', coreIdea: '' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, project: { id: expect.any(String) }, position: expect.stringMatching(/^\d+$/) });
    id = created.body.project.id;

    const list = await ann.read('/api/projects');
    expect(list.body.projects).toEqual([
      {
        id,
        name: 'Tip Jar',
        kind: 'guided',
        coreIdea: '',
        currentStageIndex: 1,
        percentComplete: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);

    const { body } = await ann.read(`/api/projects/${id}`);
    expect(body.project).toEqual({
      id,
      name: 'Tip Jar',
      coreIdea: '',
      parameters: ['Viral', 'Simple Page', 'No Externalities'],
      aiApiKey: '',
      aiApiStatus: 'Not Set',
      currentStageIndex: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.stages).toHaveLength(6);
    expect(body.stages[0]).toEqual({
      id: `${id}-stage-1`,
      stageNumber: 1,
      title: 'Research & Understanding',
      objective: expect.any(String),
      process: expect.any(String),
      outputFormat: expect.any(String),
      simulatedModel: expect.any(String),
      geminiSuggestions: [],
      aiSuggestions: [],
      data: {
        viralParameters: ['one-page', 'no physical', 'realistic'],
        micrositeParameters: [],
        closedLoopParameters: [],
        techParameters: [],
        challengeParameters: [],
        keyResources: [],
        commonViralTriggers: 'one-page, no physical, realistic',
        successfulMicroSites: '',
        closedLoopPrinciples: '',
        coreTechUnderstanding: '',
        potentialChallenges: '',
      },
    });
    expect((await ann.read(`/api/projects/${id}/stages`)).body.stages.map((stage: { id: string }) => stage.id)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `${id}-stage-${n}`),
    );
  });

  it('refuses to leave stage 1 incomplete, listing what is missing, and appends nothing', async () => {
    const before = await eventsOf(id);
    const res = await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 1 });
    expect(res.status).toBe(400);
    // The starting triggers already give stage 1 a viral trigger; the core idea is what is missing.
    expect(res.body).toMatchObject({
      success: false,
      error: 'Stage incomplete',
      issues: ['coreIdea: Please enter a core idea to get started.'],
    });
    expect(await eventsOf(id)).toEqual(before);
  });

  it('fills stage 1 through task endpoints and the spec PATCH, then advances', async () => {
    expect(
      (await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'A page that pays visitors in XNO for sharing' })).body.events,
    ).toEqual(['CoreIdeaChanged']);
    expect((await ann.command('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: 'scarcity' })).status).toBe(200);
    const patched = await ann.command('PATCH', `/api/stages/${id}-stage-1`, {
      title: 'Research & Understanding',
      data: { viralParameters: ['scarcity', 'FOMO'], techParameters: ['Nano'], keyResources: [{ url: 'https://nano.org', description: 'XNO' }] },
    });
    expect(patched.body).toMatchObject({
      success: true,
      changed: true,
      events: ['ParameterRemoved', 'ParameterRemoved', 'ParameterRemoved', 'ParameterAdded', 'ParameterAdded', 'StageNotesUpdated'],
    });

    const advanced = await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 1 });
    expect(advanced.body.events).toEqual(['StageAdvanced']);
    const { body } = await ann.read(`/api/projects/${id}`);
    expect(body.project.currentStageIndex).toBe(2);
    expect(body.stages[0].data).toMatchObject({
      viralParameters: ['scarcity', 'FOMO'],
      commonViralTriggers: 'scarcity, FOMO',
      techParameters: ['Nano'],
    });
    expect(body.context[1]).toEqual({ viralTriggers: 'scarcity, FOMO', keyResources: [{ url: 'https://nano.org', description: 'XNO' }] });
  });

  it("refuses an audience segment without a reach strategy with the spec's message", async () => {
    const before = await eventsOf(id);
    const res = await ann.command('POST', `/api/projects/${id}/audience-segments`, { name: 'Tippers', description: 'People who tip' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Reach strategy is required', field: 'reachStrategy' });
    expect(await eventsOf(id)).toEqual(before);
  });

  it('continues anyway from an incomplete stage 2 and records that it skipped', async () => {
    await ann.command('POST', `/api/projects/${id}/parameters`, { list: 'rewardSourceParameters', value: 'transaction fees' });
    const refused = await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 2 });
    expect(refused.body.issues).toEqual(['audienceSegments: Add at least one audience segment']);
    const skipped = await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 2, continueAnyway: true });
    expect(skipped.status).toBe(200);
    const last = (await eventsOf(id)).at(-1)!;
    expect(last).toEqual({
      type: 'StageAdvanced',
      data: expect.objectContaining({
        fromStage: 2,
        toStage: 3,
        skippedValidation: true,
        issues: ['audienceSegments: Add at least one audience segment'],
      }),
    });
  });

  it('fills stages 3 to 5 and reaches full progress', async () => {
    await ann.command('POST', `/api/projects/${id}/concepts`, {
      concepts: [
        { name: 'Tip Wall', simplicityScore: 5, coreAction: 'Tip a post', viralHook: 'Your tip shows on the wall' },
        { name: 'Share Pot', simplicityScore: 3 },
      ],
    });
    await ann.command('PUT', `/api/projects/${id}/selected-concept`, { index: 0 });
    await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 3 });
    await ann.command('PATCH', `/api/stages/${id}-stage-4`, {
      data: { rewardSource: '1.5% fee', rewardFlow: 'Daily pool of 10% of new contributions' },
    });
    await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 4 });
    const notes = await ann.command('PATCH', `/api/projects/${id}/stages/5/notes`, {
      fields: { oneLinerPitch: 'Tip, get tipped, keep the wall alive', targetAudience: ['creators'] },
    });
    expect(notes.body.events).toEqual(['StageNotesUpdated']);
    await ann.command('POST', `/api/projects/${id}/advance`, { fromStage: 5 });

    const { body } = await ann.read(`/api/projects/${id}`);
    expect(body.project.currentStageIndex).toBe(6);
    expect(body.progress).toEqual({ stages: { 1: true, 2: true, 3: true, 4: true, 5: true }, completed: 5, percent: 100 });
    expect(body.context[3]).toEqual({ conceptName: 'Tip Wall', coreAction: 'Tip a post', viralHook: 'Your tip shows on the wall' });
    expect((await ann.read('/api/projects')).body.projects[0]).toMatchObject({ id, percentComplete: 100, currentStageIndex: 6 });
  });

  it('appends nothing for a PATCH that changes nothing', async () => {
    const before = await eventsOf(id);
    const { body } = await ann.read(`/api/projects/${id}`);
    const sameProject = await ann.command('PATCH', `/api/projects/${id}`, body.project);
    expect(sameProject.body).toMatchObject({ success: true, changed: false, events: [] });
    const sameStage = await ann.command('PATCH', `/api/stages/${id}-stage-1`, body.stages[0]);
    expect(sameStage.body).toMatchObject({ success: true, changed: false });
    expect(await eventsOf(id)).toEqual(before);
  });

  it('translates a project PATCH into fine-grained events', async () => {
    const res = await ann.command('PATCH', `/api/projects/${id}`, { name: 'Tip Wall', parameters: ['Viral', 'Simple Page', 'XNO Crypto'] });
    expect(res.body.events).toEqual(['ProjectRenamed', 'ParameterRemoved', 'ParameterAdded']);
    expect((await eventsOf(id)).slice(-3).map((event) => event.data)).toEqual([
      expect.objectContaining({ name: 'Tip Wall', previousName: 'Tip Jar' }),
      expect.objectContaining({ list: 'parameters', value: 'No Externalities', reason: 'user' }),
      expect.objectContaining({ list: 'parameters', value: 'XNO Crypto' }),
    ]);
  });

  it('refuses unknown and mistyped fields in a PATCH by name, appending nothing', async () => {
    const before = await eventsOf(id);
    const unknown = await ann.command('PATCH', `/api/projects/${id}`, { colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field: colour');
    const wrongType = await ann.command('PATCH', `/api/stages/${id}-stage-4`, { data: { rewardFlow: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/rewardFlow/);
    const unknownData = await ann.command('PATCH', `/api/stages/${id}-stage-4`, { data: { colour: 'red' } });
    expect(unknownData.body.message).toBe('Unknown field: data.colour (stage 4)');
    expect(await eventsOf(id)).toEqual(before);
  });

  it('exports the project and imports it back into another project with the same state', async () => {
    const exported = await ann.read(`/api/projects/${id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="tip-wall-export.json"');
    expect(exported.body).toMatchObject({ projectName: 'Tip Wall', currentStageIndex: 6, stages: expect.any(Array) });

    const copy = (await ann.command('POST', '/api/projects', {})).body.project.id as string;
    const imported = await ann.command('POST', `/api/projects/${copy}/import`, exported.body);
    expect(imported.body.events).toEqual(['ProjectImported']);

    const original = (await ann.read(`/api/projects/${id}`)).body;
    const restored = (await ann.read(`/api/projects/${copy}`)).body;
    const comparable = (body: typeof original) => ({
      ...body.project,
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      stages: body.stages.map((stage: { data: unknown }) => stage.data),
      progress: body.progress,
      context: body.context,
    });
    // Names are unique per owner: the copy is 'Tip Wall 2' beside the original.
    expect(comparable(restored)).toEqual({ ...comparable(original), name: 'Tip Wall 2' });
  });

  it("refuses an import that is not a project export with the spec's message", async () => {
    const before = await eventsOf(id);
    const res = await ann.command('POST', `/api/projects/${id}/import`, { name: 'not an export' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid project data format');
    expect(await eventsOf(id)).toEqual(before);
  });

  it('keeps another visitor away from the project: 404 on read, write and PATCH, nothing appended', async () => {
    const mallory = session();
    const before = await eventsOf(id);
    expect((await mallory.read(`/api/projects/${id}`)).status).toBe(404);
    expect((await mallory.read(`/api/projects/${id}/export`)).status).toBe(404);
    expect((await mallory.command('POST', `/api/projects/${id}/parameters`, { value: 'mine now' })).status).toBe(404);
    expect((await mallory.command('PATCH', `/api/projects/${id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await mallory.command('PATCH', `/api/stages/${id}-stage-1`, { data: { viralParameters: [] } })).status).toBe(404);
    expect((await mallory.read('/api/projects')).body.projects).toEqual([]);
    expect(await eventsOf(id)).toEqual(before);
  });

  it('counts the funnel for analysts', async () => {
    const res = await ann.read('/api/analytics/stage-funnel', server.operator);
    expect(res.body.projects).toBe(2);
    expect(res.body.stages.find((stage: { stage: number }) => stage.stage === 3)).toMatchObject({ reached: 2, leftWithSkippedValidation: 0 });
    expect(res.body.stages.find((stage: { stage: number }) => stage.stage === 2)).toMatchObject({ reached: 2, leftWithSkippedValidation: 1 });
  });

  it('announces changes to the project list on projects:mine', async () => {
    const live = await ann.socket();
    live.ws.send(JSON.stringify({ type: 'subscribe', topics: ['projects:mine'] }));
    expect(await live.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', topics: ['projects:mine'], denied: [] });
    await ann.command('PUT', `/api/projects/${id}/name`, { name: 'Tip Wall Renamed' });
    expect(await live.next((m) => m.type === 'changed')).toMatchObject({ type: 'changed', topic: 'projects:mine' });
    live.ws.close();
  });
});
