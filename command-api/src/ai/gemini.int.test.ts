import { FREE_PLAYS } from '@vis/domain';
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

const generate = (visitor: Visitor, body: object = {}) => visitor.post('/api/generate-parameters').send({ fieldType: 'viralParameters', coreIdea: 'A tip wall', ...body });
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
    await ai.accounts.execute('GrantPoints', accountId, { points: 5, reason: 'test' }, { commandId: 'grant', actorId: 'operator', now: '2026-11-23T10:00:00.000Z' });
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
    const res = await ai.visitor().post('/api/generate-technical-report').send({ projectData: { name: 'Tip Wall', parameters: ['Viral'] }, promptOnly: true });
    expect(res.body).toMatchObject({ success: true, report: { finalPrompt: 'Build a tip wall', parameterAudit: { incompatibleParameters: [] } }, offline: false });
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
    expect((await visitor.post('/api/verify-api-key').send({ apiKey: 'AIzaSy-nope' })).body).toMatchObject({ success: true, valid: false, aiApiStatus: 'Invalid' });
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

  it('cannot be set on, or removed from, another visitor\'s project', async () => {
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
