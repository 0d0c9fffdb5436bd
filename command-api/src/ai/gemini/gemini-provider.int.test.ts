import { GUIDED_PARAMETER_KINDS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyContext } from '../context.ts';
import { AiProviderError, type AiInput } from '../provider.ts';
import { json, startFakeGemini, type FakeGemini } from '../testing/fake-gemini.ts';
import { createGeminiProvider, verifyGeminiKey } from './gemini-provider.ts';

const apiKey = 'AIzaSy-server-key-for-tests-0001';
let gemini: FakeGemini;
beforeEach(async () => (gemini = await startFakeGemini({ validKeys: [apiKey] })));
afterEach(() => gemini.close());

const provider = () => createGeminiProvider({ apiKey, model: 'gemini-test-model', baseUrl: gemini.baseUrl });
const triggersInput = (): AiInput<'parameters'> => ({
  context: { ...emptyContext(), coreIdea: 'A tip wall that pays its best tippers', projectName: 'Tip Wall' },
  list: 'viralParameters',
  kind: GUIDED_PARAMETER_KINDS.viralParameters,
  count: 10,
  exclude: ['FOMO'],
});

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
};

describe('Gemini adapter (the real SDK against a local fake)', () => {
  it('asks the configured model for JSON with the key in its header, and answers the validated JSON', async () => {
    gemini.answer(json({ parameters: ['Scarcity', 'Social proof'] }));
    const answer = await provider().run('parameters', triggersInput());
    expect(answer).toEqual({ output: { parameters: ['Scarcity', 'Social proof'] }, promptVersion: 'parameters@1' });
    const [call] = gemini.calls;
    expect(call).toMatchObject({
      model: 'gemini-test-model',
      task: 'generateContent',
      apiKey,
      body: { generationConfig: { responseMimeType: 'application/json' } },
    });
    const prompt = gemini.promptOf(call!);
    expect(prompt).toContain('A tip wall that pays its best tippers');
    expect(prompt).toContain('Suggest 10 viral trigger parameters');
    expect(prompt).toContain('Do not repeat any of these: FOMO');
  });

  it('takes a bare list and a fenced answer too', async () => {
    gemini.answer({ text: '["Scarcity"]' }, { text: '```json\n{"parameters": ["Curiosity"]}\n```' });
    expect((await provider().run('parameters', triggersInput())).output.parameters).toEqual(['Scarcity']);
    expect((await provider().run('parameters', triggersInput())).output.parameters).toEqual(['Curiosity']);
  });

  it.each([
    ['text that is not JSON', { text: 'Here are some ideas: FOMO, scarcity' }, 'malformed'],
    ['JSON of the wrong shape', json({ ideas: 'FOMO' }), 'malformed'],
    ['an empty answer', { text: '' }, 'empty'],
    ['an HTTP error', { status: 503, message: 'overloaded' }, 'rejected'],
    ['a dropped connection', { hangUp: true as const }, 'network'],
  ])('turns %s into an AiProviderError, not a crash', async (_, answer, reason) => {
    gemini.answer(answer);
    expect((await failureOf(provider().run('parameters', triggersInput()))).reason).toBe(reason);
  });

  it('gives up when the signal says so', async () => {
    gemini.answer({ delayMs: 2000, text: '{}' });
    const error = await failureOf(provider().run('parameters', triggersInput(), { signal: AbortSignal.timeout(50) }));
    expect(error.reason).toBe('timeout');
  });

  it('validates a technical report with the domain schema, filling missing sections', async () => {
    gemini.answer(json({ detailedIdea: 'A wall of tips', prototypeStructure: { coreFeatures: 'tip button' } }));
    const { output } = await provider().run('technicalReport', { context: emptyContext() });
    expect(output.detailedIdea).toBe('A wall of tips');
    expect(output.prototypeStructure.coreFeatures).toEqual(['tip button']);
    expect(output.parameterAudit.incompatibleParameters).toEqual([]);
  });

  it('never puts the key into an error message', async () => {
    gemini.answer({ status: 400, message: `API key ${apiKey} not valid` });
    const error = await failureOf(provider().run('parameters', triggersInput()));
    expect(error.message).not.toContain(apiKey);
  });
});

describe('verifyGeminiKey', () => {
  it('is true for a key Google accepts and false for one it refuses', async () => {
    expect(await verifyGeminiKey({ apiKey, model: 'gemini-test-model', baseUrl: gemini.baseUrl })).toBe(true);
    expect(await verifyGeminiKey({ apiKey: 'AIzaSy-wrong', model: 'gemini-test-model', baseUrl: gemini.baseUrl })).toBe(false);
    expect(gemini.calls.map((call) => call.task)).toEqual(['countTokens', 'countTokens']);
  });

  it('is false when the network fails', async () => {
    const baseUrl = gemini.baseUrl;
    await gemini.close();
    expect(await verifyGeminiKey({ apiKey, model: 'gemini-test-model', baseUrl })).toBe(false);
    gemini = await startFakeGemini();
  });
});
