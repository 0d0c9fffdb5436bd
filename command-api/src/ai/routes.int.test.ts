import { FREE_ATTEMPTS_USED_MESSAGE, FREE_PLAYS, GUIDED_PARAMETER_KINDS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';

let ai: AiApp;
beforeEach(async () => (ai = await startAiApp()));
afterEach(() => ai.cleanup());

const typesOf = async () => (await ai.events()).map((event) => event.type);
const chargesOf = async () => (await ai.events()).filter((event) => event.type === 'AiRequestCharged');
const accountOf = async (visitor: Visitor) => {
  const id = await createProject(visitor);
  const created = (await ai.events()).find((event) => event.type === 'ProjectCreated' && (event.data as { projectId: string }).projectId === id);
  return { projectId: id, accountId: (created!.data as { ownerId: string }).ownerId };
};
const idea = 'A wall where every tip joins a pool that pays the best messages daily';

describe('POST /api/generate-parameters (offline)', () => {
  it('answers stage-1 suggestions for the field type, marked offline, and charges a free play', async () => {
    const visitor = ai.visitor();
    const res = await visitor
      .post('/api/generate-parameters')
      .send({ fieldType: 'commonViralTriggers', coreIdea: idea, projectName: 'Tip Wall', excludeParameters: ['FOMO'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      parameters: expect.any(Array),
      message: 'Generated 10 parameters',
      offline: true,
      requestId: expect.stringMatching(/^ai-/),
    });
    expect(res.body.parameters).toHaveLength(GUIDED_PARAMETER_KINDS.viralParameters.count);
    expect(res.body.parameters).not.toContain('FOMO');
    const [charge] = await chargesOf();
    expect(charge).toMatchObject({ data: { method: 'free_play', freePlaysLeft: FREE_PLAYS - 1, requestId: res.body.requestId } });
  });

  it('is deterministic: the same request gets the same suggestions', async () => {
    const body = { fieldType: 'viralParameters', coreIdea: idea };
    const first = await ai.visitor().post('/api/generate-parameters').send(body);
    const second = await ai.visitor().post('/api/generate-parameters').send(body);
    expect(second.body.parameters).toEqual(first.body.parameters);
  });

  it('generates for stage 2 with stageId 2, and refuses a stage-1 list for stage 2', async () => {
    const visitor = ai.visitor();
    const res = await visitor.post('/api/generate-parameters').send({ stageId: 2, coreIdea: idea });
    expect(res.body.parameters).toHaveLength(GUIDED_PARAMETER_KINDS.sustainabilityParameters.count);
    const wrong = await visitor.post('/api/generate-parameters').send({ stageId: 2, fieldType: 'viralParameters' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, field: 'fieldType' });
  });

  it('names the kinds it accepts when the kind is unknown', async () => {
    const res = await ai.visitor().post('/api/generate-parameters').send({ fieldType: 'viralTriggers' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("unknown parameter kind 'viralTriggers'");
    for (const kind of ['viralParameters', 'sustainability', 'commonViralTriggers']) expect(res.body.error).toContain(kind);
  });

  it.each([
    ['an unknown field', { fieldType: 'viralParameters', color: 'red' }, 'color'],
    ['an unknown kind', { fieldType: 'nope' }, 'fieldType'],
    ['a list of the wrong type', { excludeParameters: 'FOMO' }, 'excludeParameters'],
  ])('refuses %s with 400 naming the field, and charges nothing', async (_, body, field) => {
    const res = await ai.visitor().post('/api/generate-parameters').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(await typesOf()).toEqual([]);
  });

  it('with a projectId: uses the project, excludes its list, records the suggestions (not as parameters)', async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    await visitor.put(`/api/projects/${projectId}/core-idea`).send({ coreIdea: idea });
    await visitor.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' });
    const res = await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId });
    expect(res.status).toBe(200);
    expect(res.body.parameters).not.toContain('Scarcity');
    const recorded = (await ai.events()).find((event) => event.type === 'AiSuggestionsGenerated');
    expect(recorded).toMatchObject({
      streamId: `project-${projectId}`,
      data: {
        projectId,
        requestId: res.body.requestId,
        use: 'parameters',
        list: 'viralParameters',
        // The list as it stands: the starting triggers (spec 01 §4) and the one added.
        asked: { count: 10, excluded: ['one-page', 'no physical', 'realistic', 'Scarcity'], coreIdea: idea },
        ai: { provider: 'offline', model: 'offline-generator', promptVersion: 'offline-parameters@4', ownKey: false },
        suggestions: res.body.parameters,
      },
    });
    expect((await ai.events()).filter((event) => event.type === 'ParameterAdded')).toHaveLength(1);
  });

  it('with addToList: the suggestions join the list in the write that records them, answering its position', async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    await visitor.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' });
    const res = await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId, addToList: true });
    expect(res.status).toBe(200);
    const events = (await ai.events()).filter((event) => event.streamId === `project-${projectId}`);
    const added = events.filter((event) => event.type === 'ParameterAdded').map((event) => (event.data as { value: string }).value);
    expect(added).toEqual(['Scarcity', ...res.body.parameters]);
    expect(String(events.at(-1)!.position)).toBe(res.body.position);

    const unnamed = await ai.visitor().post('/api/generate-parameters').send({ fieldType: 'viralParameters', addToList: true });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ field: 'addToList' });
  });

  it('records a request that asked a lot (500 long exclusions) in bounded form, instead of failing after the charge', async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    const excludeParameters = Array.from({ length: 500 }, (_, index) => `${'long excluded parameter '.repeat(8)}${index}`);
    const res = await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId, excludeParameters });
    expect(res.status).toBe(200);
    const recorded = (await ai.events()).find((event) => event.type === 'AiSuggestionsGenerated');
    const asked = recorded?.type === 'AiSuggestionsGenerated' ? recorded.data.asked : undefined;
    expect(asked?.['excluded']).toHaveLength(100);
  });

  it("answers 404 for another visitor's project and charges nothing", async () => {
    const projectId = await createProject(ai.visitor());
    const res = await ai.visitor().post('/api/generate-parameters').send({ fieldType: 'viralParameters', projectId });
    expect(res.status).toBe(404);
    // The create and its line on the visitor's list of projects; no charge.
    expect(await typesOf()).toEqual(['ProjectCreated', 'VisitorProjectRecorded']);
  });
});

describe('charging', () => {
  it(`allows ${FREE_PLAYS} free plays, then answers 402 with the spec's message and calls nothing`, async () => {
    const visitor = ai.visitor();
    for (let play = 1; play <= FREE_PLAYS; play++) {
      expect((await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', coreIdea: `${idea} ${play}` })).status).toBe(200);
    }
    const fourth = await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', coreIdea: idea });
    expect(fourth.status).toBe(402);
    expect(fourth.body).toEqual({ success: false, error: 'Subscription required', message: FREE_ATTEMPTS_USED_MESSAGE });
    expect(await chargesOf()).toHaveLength(FREE_PLAYS);
  });

  it('spends a point before a free play', async () => {
    const visitor = ai.visitor();
    const { accountId } = await accountOf(visitor);
    await ai.accounts.execute(
      'GrantPoints',
      accountId,
      { points: 2, reason: 'test' },
      { commandId: 'grant', actorId: 'operator', now: '2026-11-23T10:00:00.000Z' },
    );
    await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters' });
    expect(await ai.accounts.stateOf(accountId)).toMatchObject({ points: 1, freePlaysLeft: FREE_PLAYS });
  });

  it('charges a retried request (same Idempotency-Key) once', async () => {
    const visitor = ai.visitor();
    const body = { fieldType: 'viralParameters', coreIdea: idea };
    const first = await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'gen-1').send(body);
    const retry = await visitor.post('/api/generate-parameters').set('Idempotency-Key', 'gen-1').send(body);
    expect(retry.status).toBe(200);
    expect(retry.body.requestId).toBe(first.body.requestId);
    expect(await chargesOf()).toHaveLength(1);
  });

  it.each([
    ['without a project', false],
    ['on a project', true],
  ])('refuses the same Idempotency-Key with a different body (422) %s: no free model call, nothing charged or recorded', async (_, onProject) => {
    const visitor = ai.visitor();
    const projectId = onProject ? (await accountOf(visitor)).projectId : undefined;
    const first = await visitor
      .post('/api/generate-parameters')
      .set('Idempotency-Key', 'gen-1')
      .send({ fieldType: 'viralParameters', coreIdea: idea, projectId });
    const reused = await visitor
      .post('/api/generate-parameters')
      .set('Idempotency-Key', 'gen-1')
      .send({ fieldType: 'viralParameters', coreIdea: 'A different idea entirely', projectId });
    expect(first.status).toBe(200);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      success: false,
      error: 'Idempotency-Key reused with a different request',
      message: expect.stringMatching(/^Idempotency-Key reused with a different request/),
    });
    expect(await chargesOf()).toHaveLength(1);
    expect((await typesOf()).filter((type) => type === 'AiSuggestionsGenerated')).toHaveLength(onProject ? 1 : 0);
  });

  it('answers 429 after 30 AI requests in a minute, before charging', async () => {
    const visitor = ai.visitor();
    const answers = [];
    for (let call = 0; call < 31; call++) answers.push(await visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters' }));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(new Set(statuses.slice(3, 30))).toEqual(new Set([402]));
    expect(statuses[30]).toBe(429);
    expect(answers[30]!.body).toMatchObject({ success: false, error: 'Too many requests', message: expect.stringContaining('30 AI requests') });
    expect(await chargesOf()).toHaveLength(3);
  });
});

describe('the per-kind stage-2 generation', () => {
  it.each(['rewardSource', 'rewardFlow', 'sustainability', 'externalities', 'audienceType', 'audienceMotivation', 'audienceReach'])(
    'POST /api/generate-parameters/%s answers its kind',
    async (kind) => {
      const res = await ai.visitor().post(`/api/generate-parameters/${kind}`).send({ coreIdea: idea });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, offline: true, message: expect.stringMatching(/^Generated \d+ parameters$/) });
      expect(res.body.parameters.length).toBeGreaterThan(0);
    },
  );

  it('refuses an unknown kind', async () => expect((await ai.visitor().post('/api/generate-parameters/colour').send({})).status).toBe(400));
});

describe('POST /api/generate-parameter (builder)', () => {
  it("answers the table's count, each within maxWords, none of the current values", async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-parameter')
      .send({
        prompt: 'Generate social currency parameters for this idea',
        currentValues: { coreIdea: idea, viralTriggers: ['Exclusive early-player badge'], coreTech: 'XNO payments, WebSockets' },
        maxWords: 10,
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Generated 6 parameters', offline: true });
    expect(res.body.results).toHaveLength(6);
    expect(res.body.results).not.toContain('Exclusive early-player badge');
    for (const result of res.body.results) expect(result.split(' ').length).toBeLessThanOrEqual(6);
  });

  it('keeps to the count and maxWords the caller sends', async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-parameter')
      .send({ prompt: 'viral triggers', currentValues: ['FOMO'], maxWords: 1, count: 3 });
    expect(res.body.results).toHaveLength(3);
    for (const result of res.body.results) expect(result.split(' ')).toHaveLength(1);
    expect(res.body.results).not.toContain('FOMO');
  });

  it("refuses an empty prompt with the spec's 'Empty prompt'", async () => {
    const res = await ai.visitor().post('/api/generate-parameter').send({ prompt: '  ', currentValues: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Empty prompt', message: 'Please enter a prompt to generate ideas.' });
  });
});

describe('POST /api/generate-enhanced-prompt', () => {
  it('answers an enhanced prompt from the projectData the builder sends', async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-enhanced-prompt')
      .send({
        projectData: {
          name: 'Tip Wall',
          coreIdea: idea,
          stages: [{ id: 1, data: { techParameters: ['XNO payments'], socialCurrencyParams: ['Top tipper title'] } }],
        },
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Enhanced Prompt Generated', offline: true });
    expect(res.body.enhancedPrompt).toContain('Tip Wall');
    expect(res.body.enhancedPrompt).toContain('XNO payments');
  });

  it('needs the project', async () => {
    const res = await ai.visitor().post('/api/generate-enhanced-prompt').send({});
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('projectData');
  });
});

describe('POST /api/generate-technical-report', () => {
  const setUp = async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    await visitor.put(`/api/projects/${projectId}/core-idea`).send({ coreIdea: idea });
    await visitor.post(`/api/projects/${projectId}/parameters`).send({ value: 'Printed merch for winners' });
    return { visitor, projectId };
  };

  it('answers the full report and records it on the project', async () => {
    const { visitor, projectId } = await setUp();
    const res = await visitor.post('/api/generate-technical-report').send({ projectId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Technical report generated', offline: true });
    expect(Object.keys(res.body.report).sort()).toEqual([
      'detailedIdea',
      'implementationPlan',
      'parameterAudit',
      'prototypeStructure',
      'technicalSpecifications',
    ]);
    expect(res.body.report.prototypeStructure.mvpDefinition).not.toBe('');
    expect(res.body.report.parameterAudit.incompatibleParameters).toEqual([{ parameter: 'Printed merch for winners', reason: expect.any(String) }]);
    const recorded = (await ai.events()).find((event) => event.type === 'AiReportGenerated');
    expect(recorded?.data).toMatchObject({ use: 'technicalReport', report: res.body.report });
  });

  it('promptOnly answers the final prompt with its audit', async () => {
    const { visitor, projectId } = await setUp();
    const res = await visitor.post('/api/generate-technical-report').send({ projectId, promptOnly: true });
    expect(res.body.report).toEqual({
      finalPrompt: expect.stringContaining(idea),
      parameterAudit: { incompatibleParameters: [expect.objectContaining({ parameter: 'Printed merch for winners' })] },
    });
    expect((await ai.events()).find((event) => event.type === 'AiPromptGenerated')?.data).toMatchObject({
      use: 'finalPrompt',
      prompts: [res.body.report.finalPrompt],
    });
  });

  it('auditOnly answers the audit alone', async () => {
    const { visitor, projectId } = await setUp();
    const res = await visitor.post('/api/generate-technical-report').send({ projectId, auditOnly: true });
    expect(res.body).toMatchObject({
      message: 'Parameters audited',
      report: { parameterAudit: { incompatibleParameters: [{ parameter: 'Printed merch for winners' }] } },
    });
  });

  it('existingPrompt with removeParameters answers the modified prompt and clears the audit', async () => {
    const { visitor, projectId } = await setUp();
    const res = await visitor.post('/api/generate-technical-report').send({
      projectId,
      existingPrompt: 'Keep to these principles: Viral, Printed merch for winners, Simple Page.',
      removeParameters: ['Printed merch for winners'],
    });
    expect(res.body.report).toEqual({ finalPrompt: 'Keep to these principles: Viral, Simple Page.', parameterAudit: { incompatibleParameters: [] } });
  });

  it('works from projectData alone', async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-technical-report')
      .send({ projectData: { projectName: 'Tip Wall', coreIdea: idea, stages: [] }, auditOnly: true });
    expect(res.status).toBe(200);
    expect(res.body.report.parameterAudit.incompatibleParameters).toEqual([]);
  });

  it('refuses promptOnly with auditOnly', async () =>
    expect((await ai.visitor().post('/api/generate-technical-report').send({ projectData: {}, promptOnly: true, auditOnly: true })).status).toBe(
      400,
    ));
});

describe('the idea generation flow', () => {
  it('POST /api/process-query answers a question about a stage', async () => {
    const res = await ai.visitor().post('/api/process-query').send({ query: 'How do tippers find the wall?', stage: 'analysis' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      response: expect.stringContaining('Analysis'),
      suggestions: expect.any(Array),
      stage: 'analysis',
      offline: true,
    });
  });

  it('POST /api/process-query refuses an unknown stage', async () =>
    expect((await ai.visitor().post('/api/process-query').send({ query: 'x', stage: 'launch' })).status).toBe(400));

  it('POST /api/generate-prompt-sequence answers prompts for the stage', async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-prompt-sequence')
      .send({ stage: 'ideation', input: idea, context: { research: 'done' }, config: { depth: 'quick' } });
    expect(res.status).toBe(200);
    expect(res.body.prompts.length).toBeGreaterThanOrEqual(3);
  });

  it.each([1, 5])('POST /api/process-idea-stage takes %i iterations and answers the stage fields', async (iterations) => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    // Ideation opens once research (its starting triggers) and analysis hold something (spec 01 §4).
    await visitor.patch(`/api/projects/${projectId}/stages/2/notes`).send({ fields: { keyInsights: 'Tippers want to be seen' } });
    const res = await visitor
      .post('/api/process-idea-stage')
      .send({ stage: 'ideation', prompt: idea, options: { iterations, focusOn: 'simplicity' }, projectId });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ stage: 'ideation', stageNumber: 3, iterations, ideaConcepts: expect.any(Array) });
    expect(res.body.results.ideaConcepts[0]).toMatchObject({ name: expect.any(String), simplicityScore: expect.any(Number) });
    expect((await ai.events()).find((event) => event.type === 'AiResultsGenerated')?.data).toMatchObject({ use: 'ideaStage', asked: { iterations } });
  });

  it('POST /api/process-idea-stage puts the results into the project in the same append as the record, and answers its position', async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    await visitor.post(`/api/projects/${projectId}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' });
    const res = await visitor.post('/api/process-idea-stage').send({ stage: 'research', prompt: idea, projectId });
    expect(res.status).toBe(200);
    expect(res.body.position).toMatch(/^\d+$/);
    const events = (await ai.events()).filter((event) => event.streamId === `project-${projectId}`);
    const recorded = events.findIndex((event) => event.type === 'AiResultsGenerated');
    const added = events.slice(recorded + 1).map((event) => event.data as { list: string; value: string });
    // Every list value the stage answered is now a parameter of its list, right after the record.
    expect(new Set(events.slice(recorded + 1).map((event) => event.type))).toEqual(new Set(['ParameterAdded']));
    for (const list of ['viralParameters', 'micrositeParameters', 'closedLoopParameters', 'techParameters', 'challengeParameters']) {
      expect(added.filter((item) => item.list === list).map((item) => item.value)).toEqual(res.body.results[list]);
    }
    expect(added.map((item) => item.value)).not.toContain('Scarcity');
    expect(String(events.at(-1)!.position)).toBe(res.body.position);
  });

  it('POST /api/projects/:id/stage-results applies results kept by the client, unpaid, and only what is new', async () => {
    const visitor = ai.visitor();
    const { projectId } = await accountOf(visitor);
    const results = { stage: 'analysis', keyInsights: 'Tips pay the best messages', rewardSourceParameters: ['Tips', 'Tips', 'x'] };
    const first = await visitor.post(`/api/projects/${projectId}/stage-results`).send({ stage: 'analysis', results });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, changed: true, events: ['ParameterAdded', 'StageNotesUpdated'] });
    const again = await visitor.post(`/api/projects/${projectId}/stage-results`).send({ stage: 'analysis', results });
    expect(again.body).toMatchObject({ success: true, changed: false, events: [] });
    expect(await chargesOf()).toEqual([]);
    const unknown = await visitor.post(`/api/projects/${projectId}/stage-results`).send({ stage: 'launch', results });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'stage' });
  });

  it.each([0, 6])('POST /api/process-idea-stage refuses %i iterations', async (iterations) => {
    const res = await ai.visitor().post('/api/process-idea-stage').send({ stage: 1, prompt: idea, options: { iterations } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'options.iterations', message: expect.stringContaining('from 1 to 5') });
  });

  it("POST /api/process-idea-stage refuses an empty prompt with 'Empty prompt'", async () => {
    const res = await ai.visitor().post('/api/process-idea-stage').send({ stage: 1, prompt: '' });
    expect(res.body).toMatchObject({ error: 'Empty prompt' });
  });

  it('POST /api/quick-generate-idea without a project makes a new one with the idea in it, and answers its data and id', async () => {
    const visitor = ai.visitor();
    const res = await visitor.post('/api/quick-generate-idea').send({ coreIdea: idea, parameters: ['Viral'] });
    expect(res.status).toBe(200);
    const { projectData, projectId } = res.body;
    expect(projectData).toMatchObject({ name: expect.any(String), coreIdea: idea, parameters: ['Viral'] });
    expect(projectData.stages.map((stage: { stageNumber: number }) => stage.stageNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(projectData.stages[0].data.viralParameters.length).toBeGreaterThan(0);
    const written = (await ai.events()).filter((event) => event.streamId === `project-${projectId}`).map((event) => event.type);
    expect(written).toEqual(['ProjectCreated', 'ProjectImported', 'AiResultsGenerated']);
  });

  it("POST /api/quick-generate-idea refuses an empty core idea with 'Empty idea'", async () => {
    const res = await ai.visitor().post('/api/quick-generate-idea').send({ coreIdea: ' ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Empty idea', message: 'Please enter a core idea to get started.' });
    expect(await typesOf()).toEqual([]);
  });
});

describe('documents nested too deeply', () => {
  /** JSON nested `depth` levels deep, written by hand: past ~4,100 levels, validating it used to overflow the stack (500). */
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each([
    ['/api/generate-enhanced-prompt', 'projectData', {}],
    ['/api/generate-technical-report', 'projectData', {}],
    ['/api/process-query', 'context', { query: 'How do tippers find the wall?', stage: 'analysis' }],
    ['/api/generate-prompt-sequence', 'context', { stage: 'ideation' }],
    ['/api/generate-prompt-sequence', 'config', { stage: 'ideation' }],
    ['/api/process-idea-stage', 'context', { stage: 'ideation', prompt: idea }],
  ])('POST %s with %s nested 5,000 levels deep answers 400 naming the body, charges and records nothing', async (path, field, rest) => {
    const body = `{${Object.entries(rest)
      .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`)
      .join('')}"${field}":${nested(5000)}}`;
    const res = await ai.visitor().post(path).set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Request body is nested too deeply (at most 32 levels)',
      message: 'Request body is nested too deeply (at most 32 levels)',
      field: 'body',
    });
    expect(await typesOf()).toEqual([]);
  });

  it('takes a document nested as deep as the bound', async () => {
    const res = await ai
      .visitor()
      .post('/api/process-query')
      .set('Content-Type', 'application/json')
      .send(`{"query":"x?","stage":"analysis","context":${nested(31)}}`);
    expect(res.status).toBe(200);
  });
});

describe('text a person could not have meant', () => {
  it.each([
    ['/api/generate-parameters', { fieldType: 'viralParameters', coreIdea: 'Tips\u0000' }, 'coreIdea'],
    ['/api/generate-parameter', { prompt: 'viral \u202Etriggers' }, 'prompt'],
    ['/api/process-query', { query: 'How?', stage: 'analysis', context: { notes: ['fine', 'Tip\u2066Jar'] } }, 'context'],
    ['/api/generate-enhanced-prompt', { projectData: { projectName: 'Tip\u0085Jar' } }, 'projectData'],
    ['/api/process-idea-stage', { stage: 'ideation', prompt: idea, options: { focusOn: 'simplicity\uD800' } }, 'options.focusOn'],
  ])('POST %s refuses it with 400 naming the field, charging nothing', async (path, body, field) => {
    const res = await ai.visitor().post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field,
      message: `${field}: must not contain control, direction-override or invisible characters`,
    });
    expect(await typesOf()).toEqual([]);
  });
});
