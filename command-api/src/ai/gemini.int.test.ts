import { DEFAULT_PARAMETERS, FREE_PLAYS } from '@vis/domain';
import { KEY_VAULT_COLLECTION } from '@vis/infrastructure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, startFakeGemini, type FakeGemini } from './testing/fake-gemini.ts';
import { createProject, SERVER_GEMINI_KEY, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';

const ownKey = 'AIzaSy-own-project-key-5678-wxyz';
const otherKey = 'AIzaSy-another-valid-key-00-abcd';
let gemini: FakeGemini;
let ai: AiApp;
beforeEach(async () => {
  gemini = await startFakeGemini({ validKeys: [ownKey, otherKey, SERVER_GEMINI_KEY] });
  ai = await startAiApp({ gemini });
});
afterEach(async () => {
  await ai.cleanup();
  await gemini.close();
});

const generate = (visitor: Visitor, body: object = {}) =>
  visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', coreIdea: 'A tip wall', ...body });
const accountIdOf = async () => {
  const charge = (await ai.events()).find((event) => event.type === 'AiRequestCharged');
  return (charge!.data as { accountId: string }).accountId;
};
const eventsOfType = async (type: string) => (await ai.events()).filter((event) => event.type === type);

describe('AI calls through Gemini (the server key, the real SDK, a local fake)', () => {
  it('answers what the model said, not marked offline, and says which model in the record', async () => {
    gemini.answer(json({ parameters: ['Scarcity', 'Social proof', 'scarcity!'] }));
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const res = await generate(visitor, { projectId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, parameters: ['Scarcity', 'Social proof'], message: 'Generated 2 parameters', offline: false });
    expect(gemini.calls[0]).toMatchObject({ apiKey: SERVER_GEMINI_KEY, model: 'gemini-test-model' });
    expect((await eventsOfType('AiSuggestionsGenerated'))[0]?.data).toMatchObject({
      ai: { provider: 'gemini', model: 'gemini-test-model', promptVersion: 'parameters@1', ownKey: false },
      suggestions: ['Scarcity', 'Social proof'],
    });
  });

  it("answers a malformed answer with 502 'No parameters generated' and gives the free play back", async () => {
    gemini.answer({ text: 'Sure! Here are parameters: FOMO' });
    const visitor = ai.visitor();
    const res = await generate(visitor);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error: 'Failed to generate parameters', message: 'Failed to generate parameters' });
    gemini.answer(json({ parameters: [] }));
    const empty = await generate(visitor, { coreIdea: 'another' });
    expect(empty.body).toEqual({ success: false, error: 'No parameters generated', message: 'No parameters generated' });
    expect(await eventsOfType('AiRequestRefunded')).toHaveLength(2);
    expect(await ai.accounts.stateOf(await accountIdOf())).toMatchObject({ freePlaysLeft: FREE_PLAYS, usageCount: 0 });
  });

  it('gives a point back when the model fails', async () => {
    const visitor = ai.visitor();
    gemini.answer(json({ parameters: ['Scarcity'] }));
    await generate(visitor);
    const accountId = await accountIdOf();
    await ai.accounts.execute(
      'GrantPoints',
      accountId,
      { points: 5, reason: 'test' },
      { commandId: 'grant', actorId: 'operator', now: '2026-11-23T10:00:00.000Z' },
    );
    gemini.answer({ status: 500, message: 'internal' });
    const res = await generate(visitor, { coreIdea: 'again' });
    expect(res.status).toBe(502);
    const [refund] = await eventsOfType('AiRequestRefunded');
    expect(refund?.data).toMatchObject({ method: 'point', reason: 'gemini: rejected', pointsBalance: 5 });
    expect(await ai.accounts.stateOf(accountId)).toMatchObject({ points: 5 });
  });

  it('a retry of a failed request (same Idempotency-Key) is charged again, and only once', async () => {
    const visitor = ai.visitor();
    gemini.answer({ status: 503, message: 'overloaded' }, json({ parameters: ['Scarcity'] }));
    expect((await generate(visitor).set('Idempotency-Key', 'k1')).status).toBe(502);
    expect((await generate(visitor).set('Idempotency-Key', 'k1')).status).toBe(200);
    expect((await ai.events()).map((event) => event.type)).toEqual(['AiRequestCharged', 'AiRequestRefunded', 'AiRequestCharged']);
  });

  it('the report calls answer through Gemini too', async () => {
    gemini.answer(json({ finalPrompt: 'Build a tip wall', incompatibleParameters: [{ parameter: 'Not a parameter here', reason: 'made up' }] }));
    const res = await ai
      .visitor()
      .post('/api/generate-technical-report')
      .send({ projectData: { name: 'Tip Wall', parameters: ['Viral'] }, promptOnly: true });
    expect(res.body).toMatchObject({
      success: true,
      report: { finalPrompt: 'Build a tip wall', parameterAudit: { incompatibleParameters: [] } },
      offline: false,
    });
  });
});

const idea = 'A wall where every tip joins a pool that pays the best messages daily';
const merch = 'Printed merch for winners';
const builderProject = {
  name: 'Tip Wall',
  coreIdea: idea,
  parameters: ['Viral', merch],
  stages: [{ id: 1, data: { techParameters: ['XNO payments'] } }],
};
const concept = { name: 'Daily Tip Pool', simplicityScore: 5, coreAction: 'Tip a message', viralHook: 'Winners are announced on the wall' };
const report = {
  technicalSpecifications: {
    architecture: 'One static page and a small API',
    frontend: 'Plain HTML',
    backend: 'Node.js',
    database: 'SQLite',
    api: 'REST',
    security: 'Rate limits',
    scalability: 'A CDN',
  },
  prototypeStructure: {
    mvpDefinition: 'Post a message with a tip',
    coreFeatures: ['Tip button', 'Daily payout'],
    implementation: 'Two weeks',
    timeline: 'Page first, payouts second',
    testing: 'Payout simulation',
  },
  implementationPlan: {
    phases: ['Page', 'Payouts'],
    resources: ['One developer'],
    roadmap: 'Launch, then leaderboards',
    risks: ['Low early traffic'],
    metrics: ['Daily tippers'],
  },
  detailedIdea: 'A wall where tips fund a daily pool',
};

/**
 * One row per AI call: what the model answers (JSON in the shape its prompt module asks for), the request the
 * client sends, the answer the client gets, and which prompt wrote it (by a line of the prompt and its version).
 */
const calls: { call: string; path: string; body: object; model: unknown; answer: object; asks: string; promptVersion: string }[] = [
  {
    call: 'generate-parameters, stage 1 by text field name',
    path: '/api/generate-parameters',
    body: { fieldType: 'commonViralTriggers', coreIdea: idea, excludeParameters: ['FOMO'] },
    model: { parameters: ['Social proof', 'fomo', 'Daily leaderboard'] },
    answer: { parameters: ['Social proof', 'Daily leaderboard'], message: 'Generated 2 parameters' },
    asks: 'Suggest 10 viral trigger parameters',
    promptVersion: 'parameters@1',
  },
  {
    call: 'generate-parameters, stage 2 by stageId',
    path: '/api/generate-parameters',
    body: { stageId: 2, coreIdea: idea },
    model: { parameters: ['Pool never empties'] },
    answer: { parameters: ['Pool never empties'], message: 'Generated 1 parameters' },
    asks: 'Suggest 10 sustainability check parameters',
    promptVersion: 'parameters@1',
  },
  {
    call: 'generate-parameters/:kind (stage 2)',
    path: '/api/generate-parameters/rewardSource',
    body: { coreIdea: idea },
    model: { parameters: ['A fee on each tip', 'Unclaimed daily rewards roll over'] },
    answer: { parameters: ['A fee on each tip', 'Unclaimed daily rewards roll over'], message: 'Generated 2 parameters' },
    asks: 'Suggest 6 reward source parameters',
    promptVersion: 'parameters@1',
  },
  {
    call: 'generate-parameter (builder)',
    path: '/api/generate-parameter',
    body: {
      prompt: 'Generate social currency parameters for this idea',
      currentValues: { coreIdea: idea, viralTriggers: ['Exclusive early-player badge'] },
    },
    model: { results: ['Top tipper title on the wall', 'Exclusive early-player badge', 'Shareable tip receipt card'] },
    answer: { results: ['Top tipper title on the wall', 'Shareable tip receipt card'], message: 'Generated 2 parameters' },
    asks: 'Leave out what the user already has: Exclusive early-player badge',
    promptVersion: 'builder-parameter@2',
  },
  {
    call: 'generate-enhanced-prompt',
    path: '/api/generate-enhanced-prompt',
    body: { projectData: builderProject },
    model: { enhancedPrompt: 'Build Tip Wall: one page where each tip joins a daily pool.' },
    answer: { message: 'Enhanced Prompt Generated', enhancedPrompt: 'Build Tip Wall: one page where each tip joins a daily pool.' },
    asks: 'Write one complete, well-structured prompt',
    promptVersion: 'enhanced-prompt@2',
  },
  {
    call: "generate-enhanced-prompt (a builder's steps, with the analysis report)",
    path: '/api/generate-enhanced-prompt',
    body: { projectData: { ...builderProject, stages: [{ id: 3, data: { socialCurrencyParams: ['Top tipper crown'] } }] } },
    model: { enhancedPrompt: 'Build Tip Wall with a top tipper crown.', analysisReport: 'Viral strength: high.' },
    answer: { enhancedPrompt: 'Build Tip Wall with a top tipper crown.', analysisReport: 'Viral strength: high.' },
    asks: 'Step 3, Social Currency: Top tipper crown',
    promptVersion: 'enhanced-prompt@2',
  },
  {
    call: 'generate-technical-report (full report)',
    path: '/api/generate-technical-report',
    body: { projectData: builderProject },
    model: {
      ...report,
      parameterAudit: {
        incompatibleParameters: [
          { parameter: 'printed merch for winners', reason: 'Needs shipping' },
          { parameter: 'Made up', reason: 'x' },
        ],
      },
    },
    answer: {
      message: 'Technical report generated',
      report: { ...report, parameterAudit: { incompatibleParameters: [{ parameter: merch, reason: 'Needs shipping' }] } },
    },
    asks: 'Write a technical report for building this idea',
    promptVersion: 'technical-report@2',
  },
  {
    call: 'generate-technical-report (promptOnly)',
    path: '/api/generate-technical-report',
    body: { projectData: builderProject, promptOnly: true },
    model: { finalPrompt: 'Build Tip Wall, a viral one-page site.', incompatibleParameters: [{ parameter: merch, reason: 'Needs shipping' }] },
    answer: {
      message: 'Final prompt generated',
      report: {
        finalPrompt: 'Build Tip Wall, a viral one-page site.',
        parameterAudit: { incompatibleParameters: [{ parameter: merch, reason: 'Needs shipping' }] },
      },
    },
    asks: 'Write the final prompt that builds this one-page idea',
    promptVersion: 'final-prompt@2',
  },
  {
    call: 'generate-technical-report (auditOnly)',
    path: '/api/generate-technical-report',
    body: { projectData: builderProject, auditOnly: true },
    model: { incompatibleParameters: [{ parameter: 'PRINTED MERCH FOR WINNERS', reason: 'Needs a printer and shipping' }] },
    answer: {
      message: 'Parameters audited',
      report: { parameterAudit: { incompatibleParameters: [{ parameter: merch, reason: 'Needs a printer and shipping' }] } },
    },
    asks: 'Audit the parameters above',
    promptVersion: 'parameter-audit@1',
  },
  {
    call: 'generate-technical-report (existingPrompt + removeParameters)',
    path: '/api/generate-technical-report',
    body: { projectData: builderProject, existingPrompt: `Build Tip Wall with ${merch}.`, removeParameters: [merch] },
    model: { finalPrompt: 'Build Tip Wall.' },
    answer: { message: 'Modified prompt generated', report: { finalPrompt: 'Build Tip Wall.', parameterAudit: { incompatibleParameters: [] } } },
    asks: `Rewrite it without these parameters and anything that depends on them: ${merch}.`,
    promptVersion: 'modified-prompt@1',
  },
  {
    call: 'process-query',
    path: '/api/process-query',
    body: { query: 'How do tippers find the wall?', stage: 'analysis', context: { research: 'done' } },
    model: { response: 'Through the tip receipts winners share.', suggestions: ['Add a share button', ' '] },
    answer: { response: 'Through the tip receipts winners share.', suggestions: ['Add a share button'], stage: 'analysis' },
    asks: 'The user is in the Analysis stage',
    promptVersion: 'process-query@1',
  },
  {
    call: 'generate-prompt-sequence',
    path: '/api/generate-prompt-sequence',
    body: { stage: 'ideation', input: idea, context: { research: 'done' }, config: { depth: 'quick' } },
    model: { prompts: ['List three concepts for the wall', ' Score each for simplicity ', ''] },
    answer: { prompts: ['List three concepts for the wall', 'Score each for simplicity'], stage: 'ideation' },
    asks: 'Settings: {"depth":"quick"}',
    promptVersion: 'prompt-sequence@1',
  },
  {
    call: 'process-idea-stage',
    path: '/api/process-idea-stage',
    body: { stage: 'ideation', prompt: idea, options: { iterations: 2, focusOn: 'simplicity' } },
    model: { summary: 'One simple concept.', fields: { ideaConcepts: [concept, { name: ' ', simplicityScore: 1 }] } },
    answer: { results: { stage: 'ideation', stageNumber: 3, iterations: 2, summary: 'One simple concept.', ideaConcepts: [concept] } },
    asks: 'critique and improve them 1 more time(s)',
    promptVersion: 'idea-stage@2',
  },
  {
    call: 'quick-generate-idea',
    path: '/api/quick-generate-idea',
    body: { coreIdea: idea, parameters: ['Viral'] },
    model: {
      projectName: 'Tip Wall',
      lists: { viralParameters: ['Social proof', 'Leaderboard'], rewardSourceParameters: ['A fee on each tip'] },
      concepts: [concept],
      notes: { rewardSource: 'A fee on each tip', oneLinerPitch: 'Tips that pay back daily' },
    },
    answer: {
      message: 'Idea generated',
      projectData: {
        name: 'Tip Wall',
        coreIdea: idea,
        // The project's own parameters (a new project's defaults) come first; 'Viral' is among them once.
        parameters: [...DEFAULT_PARAMETERS],
        currentStageIndex: 1,
        stages: [
          { stageNumber: 1, data: { viralParameters: ['Social proof', 'Leaderboard'] } },
          { stageNumber: 2, data: { rewardSourceParameters: ['A fee on each tip'] } },
          { stageNumber: 3, data: { ideaConcepts: [concept], selectedConceptIndex: 0 } },
          { stageNumber: 4, data: { rewardSource: 'A fee on each tip', rewardFlow: '' } },
          { stageNumber: 5, data: { oneLinerPitch: 'Tips that pay back daily', finalConceptName: '' } },
        ],
      },
    },
    asks: 'Develop this core idea through all five stages at once',
    promptVersion: 'quick-idea@1',
  },
];

describe('every AI call through Gemini (the server key, the real SDK, a local fake)', () => {
  it.each(calls)('$call answers what the model said, charged once', async ({ path, body, model, answer, asks, promptVersion }) => {
    gemini.answer(json(model));
    const visitor = ai.visitor();
    // Research (its starting triggers) and analysis hold something: the flow's ideation stage is open.
    const projectId = await createProject(visitor);
    await visitor.patch(`/api/projects/${projectId}/stages/2/notes`).send({ fields: { keyInsights: 'Tippers want to be seen' } });
    const res = await visitor.post(path).send({ ...body, projectId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ...answer, offline: false });

    const asked = gemini.calls.filter((call) => call.task === 'generateContent');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ apiKey: SERVER_GEMINI_KEY, model: 'gemini-test-model' });
    expect(gemini.promptOf(asked[0]!)).toContain(asks);

    const charges = await eventsOfType('AiRequestCharged');
    expect(charges).toHaveLength(1);
    expect(charges[0]?.data).toMatchObject({ requestId: res.body.requestId, method: 'free_play', freePlaysLeft: FREE_PLAYS - 1 });
    expect(await eventsOfType('AiRequestRefunded')).toEqual([]);
    const recorded = (await ai.events()).filter(
      (event) => event.streamId === `project-${projectId}` && (event.data as { requestId?: string }).requestId === res.body.requestId,
    );
    expect(recorded.map((event) => (event.data as { ai: unknown }).ai)).toEqual([
      { provider: 'gemini', model: 'gemini-test-model', promptVersion, ownKey: false },
    ]);
  });

  it.each([
    [
      'text that is not JSON',
      '/api/generate-enhanced-prompt',
      { projectData: builderProject },
      { text: 'Here is your prompt: build a tip wall' },
      'Failed to generate enhanced prompt',
      'malformed',
    ],
    [
      'JSON of the wrong shape',
      '/api/process-query',
      { query: 'Why?', stage: 'research' },
      json({ answer: 'Because' }),
      'Failed to process query',
      'malformed',
    ],
    [
      'an answer with nothing usable',
      '/api/quick-generate-idea',
      { coreIdea: idea },
      json({ projectName: 'Tip Wall', lists: {}, concepts: [] }),
      'Failed to generate idea',
      'empty',
    ],
    [
      'an empty final prompt',
      '/api/generate-technical-report',
      { projectData: builderProject, promptOnly: true },
      json({ finalPrompt: '  ' }),
      'Failed to generate final prompt. Please try again.',
      'empty',
    ],
  ])("answers %s with 502 and the call's failure message, and gives the free play back", async (_, path, body, model, failure, reason) => {
    gemini.answer(model);
    const visitor = ai.visitor();
    const res = await visitor.post(path).send(body);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error: failure, message: failure });
    expect(gemini.calls.filter((call) => call.task === 'generateContent')).toHaveLength(1);
    const [charge, ...more] = await eventsOfType('AiRequestCharged');
    expect(more).toEqual([]);
    expect((await eventsOfType('AiRequestRefunded')).map((event) => event.data)).toEqual([
      expect.objectContaining({ requestId: (charge!.data as { requestId: string }).requestId, reason: `gemini: ${reason}` }),
    ]);
    expect(await ai.accounts.stateOf(await accountIdOf())).toMatchObject({ freePlaysLeft: FREE_PLAYS, usageCount: 0 });
  });
});

describe("a project's own Gemini key", () => {
  const setKey = (visitor: Visitor, projectId: string, apiKey = ownKey) => visitor.put(`/api/projects/${projectId}/gemini-key`).send({ apiKey });

  it('is verified, kept encrypted, shown masked, and then used for free', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const set = await setKey(visitor, projectId);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ success: true, valid: true, aiApiStatus: 'Valid', aiApiKey: '••••••••wxyz' });
    expect((await eventsOfType('GeminiKeySet'))[0]?.data).toMatchObject({ projectId, lastFour: 'wxyz' });
    expect((await eventsOfType('GeminiKeyVerified'))[0]?.data).toMatchObject({ valid: true });

    gemini.answer(json({ parameters: ['Scarcity'] }));
    const res = await generate(visitor, { projectId });
    expect(res.status).toBe(200);
    expect(gemini.calls.at(-1)?.apiKey).toBe(ownKey);
    const [charge] = await eventsOfType('AiRequestCharged');
    expect(charge?.data).toMatchObject({ method: 'own_key', freePlaysLeft: FREE_PLAYS });
    expect((await eventsOfType('AiSuggestionsGenerated'))[0]?.data).toMatchObject({ ai: { ownKey: true } });
  });

  it('a key Google refuses is Invalid, and calls go on with the server key and are charged', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const set = await setKey(visitor, projectId, 'AIzaSy-refused-key-000000-9999');
    expect(set.body).toMatchObject({ valid: false, aiApiStatus: 'Invalid', aiApiKey: '••••••••9999' });
    gemini.answer(json({ parameters: ['Scarcity'] }));
    await generate(visitor, { projectId });
    expect(gemini.calls.at(-1)?.apiKey).toBe(SERVER_GEMINI_KEY);
    expect((await eventsOfType('AiRequestCharged'))[0]?.data).toMatchObject({ method: 'free_play' });
  });

  it('verify-api-key answers valid without a project, and Invalid when the network fails', async () => {
    const visitor = ai.visitor();
    expect((await visitor.post('/api/verify-api-key').send({ apiKey: ownKey })).body).toMatchObject({ success: true, valid: true });
    expect((await visitor.post('/api/verify-api-key').send({ apiKey: 'AIzaSy-nope' })).body).toMatchObject({
      success: true,
      valid: false,
      aiApiStatus: 'Invalid',
    });
    await gemini.close();
    expect((await visitor.post('/api/verify-api-key').send({ apiKey: ownKey })).body).toMatchObject({ success: true, valid: false });
    gemini = await startFakeGemini();
    expect(await eventsOfType('AiRequestCharged')).toEqual([]);
  });

  it('verify-api-key with a projectId keeps the key for that project', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const res = await visitor.post('/api/verify-api-key').send({ apiKey: ownKey, projectId });
    expect(res.body).toMatchObject({ valid: true, aiApiStatus: 'Valid' });
    expect(await ai.vaultDocuments()).toHaveLength(1);
  });

  it("cannot be set on, or removed from, another visitor's project", async () => {
    const projectId = await createProject(ai.visitor());
    const stranger = ai.visitor();
    expect((await setKey(stranger, projectId)).status).toBe(404);
    expect((await stranger.delete(`/api/projects/${projectId}/gemini-key`)).status).toBe(404);
    expect(await ai.vaultDocuments()).toEqual([]);
  });

  it('deleting it removes the ciphertext and sets the status back to Not Set', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    await setKey(visitor, projectId);
    expect(await ai.vaultDocuments()).toHaveLength(1);
    const res = await visitor.delete(`/api/projects/${projectId}/gemini-key`);
    expect(res.body).toMatchObject({ success: true, changed: true, aiApiStatus: 'Not Set', aiApiKey: '' });
    expect(await ai.stores.documentStore.findOne(KEY_VAULT_COLLECTION, { _id: projectId })).toBeNull();
    expect((await eventsOfType('GeminiKeyRemoved'))[0]?.data).toMatchObject({ lastFour: 'wxyz' });
  });

  it('replacing it with another key stores the new one and names the old by its last four', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    await setKey(visitor, projectId);
    const again = await setKey(visitor, projectId);
    expect(again.body.aiApiStatus).toBe('Valid');
    expect(await eventsOfType('GeminiKeySet')).toHaveLength(1);
    await setKey(visitor, projectId, otherKey);
    expect((await eventsOfType('GeminiKeySet'))[1]?.data).toMatchObject({ lastFour: 'abcd', previousLastFour: 'wxyz' });
  });

  it('refuses a key with spaces without repeating it', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const res = await visitor.put(`/api/projects/${projectId}/gemini-key`).send({ apiKey: 'AIza secret words' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('secret words');
  });

  it('never appears in an event, a log line, the vault record or an answer: only its last four characters', async () => {
    const visitor = ai.visitor();
    const projectId = await createProject(visitor);
    const answers = [await setKey(visitor, projectId), await visitor.post('/api/verify-api-key').send({ apiKey: ownKey, projectId })];
    gemini.answer(json({ parameters: ['Scarcity'] }), { status: 400, message: `API key not valid: ${ownKey}` });
    answers.push(await generate(visitor, { projectId }), await generate(visitor, { projectId, coreIdea: 'again' }));
    answers.push(await visitor.delete(`/api/projects/${projectId}/gemini-key`));
    expect(ai.logLines.length).toBeGreaterThan(0);
    const stored = await ai.everythingStored();
    expect(stored).toContain('wxyz');
    for (const fragment of [ownKey, ownKey.slice(0, -4), ownKey.slice(6, 20)]) {
      expect(stored).not.toContain(fragment);
      for (const answer of answers) expect(JSON.stringify(answer.body) + JSON.stringify(answer.headers)).not.toContain(fragment);
    }
  });
});
