import {
  BUILDER_PARAMETER_KIND_NAMES,
  BUILDER_PARAMETER_KINDS,
  FLOW_STAGES,
  GUIDED_PARAMETER_KINDS,
  GUIDED_PARAMETER_LISTS,
  parameterKey,
  type BuilderParameterKind,
  type GuidedParameterList,
} from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { emptyContext } from '../context.ts';
import { PROMPTS } from '../prompts/index.ts';
import type { AiContext, AiInput, AiUse } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { BUILDER_VOCABULARY, GUIDED_VOCABULARY } from './vocabulary.ts';

const offline = createOfflineProvider();
const tipWall: AiContext = {
  ...emptyContext(),
  projectName: 'Tip Wall',
  coreIdea: 'A wall where every tip joins a pool that pays the best messages daily',
  parameters: ['Viral', 'Simple Page', 'No Externalities', 'Printed merch for winners'],
  lists: { viralParameters: ['FOMO'], techParameters: ['XNO payments'] },
};
const parametersInput = (list: GuidedParameterList, exclude: string[] = [], context = tipWall): AiInput<'parameters'> => ({
  context,
  list,
  kind: GUIDED_PARAMETER_KINDS[list],
  count: GUIDED_PARAMETER_KINDS[list].count,
  exclude,
});

const wordsOf = (text: string) => text.split(/\s+/).length;
const builderInput = (kind: BuilderParameterKind, exclude: string[] = [], count = 10, maxWords = 10): AiInput<'builderParameter'> => ({
  context: tipWall,
  kind,
  prompt: kind,
  count,
  maxWords,
  exclude,
});
const guidedAnswer = async (list: GuidedParameterList, exclude: string[] = []) =>
  (await offline.run('parameters', parametersInput(list, exclude))).output.parameters;
const builderAnswer = async (kind: BuilderParameterKind, exclude: string[] = [], count?: number, maxWords?: number) =>
  (await offline.run('builderParameter', builderInput(kind, exclude, count, maxWords))).output.parameters;
/** Every list and kind, with its word range and its hand-written pool: a fresh answer and one past the pool. */
const everyKind = [
  ...GUIDED_PARAMETER_LISTS.map((list) => ({
    name: list,
    range: GUIDED_PARAMETER_KINDS[list],
    pool: GUIDED_VOCABULARY[list],
    answer: (exclude: string[] = []) => guidedAnswer(list, exclude),
  })),
  ...BUILDER_PARAMETER_KIND_NAMES.map((kind) => ({
    name: `builder ${kind}`,
    range: BUILDER_PARAMETER_KINDS[kind],
    pool: BUILDER_VOCABULARY[kind],
    answer: (exclude: string[] = []) => builderAnswer(kind, exclude, BUILDER_PARAMETER_KINDS[kind].count),
  })),
];
/** Names and acronyms the vocabulary spells with capitals: no suggestion may spell them otherwise. */
const PROPER_WORDS = ['FOMO', 'XNO', 'Nano', 'Reddit', 'Discord', 'Telegram', 'Twitch', 'TikTok', 'Redis', 'SQLite', 'Postgres', 'Hacker News'];
const keysOf = (items: readonly string[]) => items.map(parameterKey);

describe('offline generator', () => {
  it('answers the same request with the same suggestions', async () => {
    const first = await offline.run('parameters', parametersInput('viralParameters'));
    const again = await createOfflineProvider().run('parameters', parametersInput('viralParameters'));
    expect(again).toEqual(first);
    expect(first.promptVersion).toBe('offline-parameters@3');
  });

  it('answers another idea differently', async () => {
    const one = await offline.run('parameters', parametersInput('viralParameters'));
    const other = await offline.run(
      'parameters',
      parametersInput('viralParameters', [], { ...tipWall, coreIdea: 'A daily guessing game for the pool' }),
    );
    expect(other.output.parameters).not.toEqual(one.output.parameters);
  });

  it.each(GUIDED_PARAMETER_LISTS)('gives %s the count and word range of its kind', async (list) => {
    const { output } = await offline.run('parameters', parametersInput(list));
    const kind = GUIDED_PARAMETER_KINDS[list];
    expect(output.parameters).toHaveLength(kind.count);
    for (const parameter of output.parameters) expect(wordsOf(parameter)).toBeLessThanOrEqual(kind.maxWords);
    expect(new Set(output.parameters.map(parameterKey)).size).toBe(output.parameters.length);
  });

  it('varies across kinds: no two lists get the same suggestions', async () => {
    const answers = await Promise.all(
      GUIDED_PARAMETER_LISTS.map(async (list) => (await offline.run('parameters', parametersInput(list))).output.parameters.join('|')),
    );
    expect(new Set(answers).size).toBe(answers.length);
  });

  it('never suggests an excluded parameter, compared without case or punctuation, even after many rounds', async () => {
    const exclude: string[] = ['fomo', 'SCARCITY!', 'social-proof'];
    for (let round = 0; round < 6; round++) {
      const { output } = await offline.run('parameters', parametersInput('viralParameters', exclude));
      expect(output.parameters.length).toBeGreaterThan(0);
      for (const parameter of output.parameters) expect(exclude.map(parameterKey)).not.toContain(parameterKey(parameter));
      exclude.push(...output.parameters);
    }
  });

  it("keeps the builder's word limit and count", async () => {
    const { output } = await offline.run('builderParameter', {
      context: tipWall,
      kind: 'publicVisibility',
      prompt: 'ways to be seen',
      count: 4,
      maxWords: 5,
      exclude: [],
    });
    expect(output.parameters).toHaveLength(4);
    for (const parameter of output.parameters) expect(wordsOf(parameter)).toBeLessThanOrEqual(5);
    expect(BUILDER_PARAMETER_KINDS.publicVisibility.count).toBe(6);
  });

  describe.each(everyKind)('$name', ({ range, pool, answer }) => {
    it('keeps to its word range, fresh and past its own list', async () => {
      const fresh = await answer();
      expect(fresh.length).toBeGreaterThan(0);
      for (const parameters of [fresh, await answer([...pool])]) {
        for (const parameter of parameters) {
          expect(wordsOf(parameter), parameter).toBeGreaterThanOrEqual(range.minWords);
          expect(wordsOf(parameter), parameter).toBeLessThanOrEqual(range.maxWords);
        }
      }
    });

    it('repeats nothing, compared without case or punctuation, and writes names and acronyms as they are spelled', async () => {
      for (const parameters of [await answer(), await answer([...pool])]) {
        expect(new Set(keysOf(parameters)).size).toBe(parameters.length);
        for (const parameter of parameters) {
          expect(parameter, 'starts as a sentence does').toMatch(/^[^a-z]/);
          for (const word of PROPER_WORDS) {
            if (new RegExp(`\\b${word}\\b`, 'i').test(parameter)) expect(parameter).toMatch(new RegExp(`\\b${word}\\b`));
          }
        }
      }
    });

    it('answers the same request the same way, past its own list too', async () => {
      expect(await answer([...pool])).toEqual(await answer([...pool]));
    });
  });

  it.each(GUIDED_PARAMETER_LISTS.filter((list) => list !== 'micrositeParameters'))(
    'stays fresh for %s when the whole list and earlier answers are excluded',
    async (list) => {
      const exclude = [...GUIDED_VOCABULARY[list]];
      for (let round = 0; round < 3; round++) {
        const parameters = await guidedAnswer(list, exclude);
        expect(parameters).toHaveLength(GUIDED_PARAMETER_KINDS[list].count);
        for (const key of keysOf(parameters)) expect(keysOf(exclude)).not.toContain(key);
        exclude.push(...parameters);
      }
    },
  );

  it('names only real micro-sites, as they are spelled, and answers fewer rather than making names up', async () => {
    const names = GUIDED_VOCABULARY.micrositeParameters;
    const exclude: string[] = [];
    for (let round = 0; round < 3; round++) {
      const parameters = await guidedAnswer('micrositeParameters', exclude);
      for (const parameter of parameters) expect(names).toContain(parameter);
      exclude.push(...parameters);
    }
    const lastOne = names[names.length - 1]!;
    expect(await guidedAnswer('micrositeParameters', names.slice(0, -1))).toEqual([lastOne]);
    expect(await guidedAnswer('micrositeParameters', [...names])).toEqual([]);
  });

  it('spreads the phrases it composes: a fresh answer past the pool does not lean on one word', async () => {
    const parameters = await guidedAnswer('viralParameters', [...GUIDED_VOCABULARY.viralParameters]);
    const firstWords = parameters.map((parameter) => parameter.split(' ')[0]!.toLowerCase());
    const lastWords = parameters.map((parameter) => parameter.split(' ').at(-1)!.toLowerCase());
    for (const words of [firstWords, lastWords])
      expect(Math.max(...words.map((word) => words.filter((w) => w === word).length))).toBeLessThanOrEqual(2);
  });

  it("keeps the builder's shorter word limit: single words when asked, and cut phrases end on a word that can end one", async () => {
    const single = await builderAnswer('viralTrigger', ['FOMO'], 3, 1);
    expect(single).toHaveLength(3);
    for (const parameter of single) expect(wordsOf(parameter)).toBe(1);
    const short = await builderAnswer('publicVisibility', [], 4, 2);
    expect(short).toHaveLength(4);
    for (const parameter of short) {
      expect(wordsOf(parameter)).toBeLessThanOrEqual(2);
      expect(parameter).not.toMatch(/\b(of|to|the|a|for|in|on|with|after|as)$/i);
    }
  });

  it('audits the parameters that break the rules, by their own text', async () => {
    const { output } = await offline.run('parameterAudit', { context: tipWall });
    expect(output.incompatibleParameters).toEqual([{ parameter: 'Printed merch for winners', reason: expect.stringContaining('physical') }]);
  });

  it("does not flag a parameter that rules the thing out ('no physical', the spec's own starting trigger)", async () => {
    const context = { ...tipWall, parameters: [...tipWall.parameters, 'no physical', 'Without sponsors', 'non-physical rewards'] };
    const { output } = await offline.run('parameterAudit', { context });
    expect(output.incompatibleParameters.map((each) => each.parameter)).toEqual(['Printed merch for winners']);
  });

  it('leaves the removed parameters out of a modified prompt', async () => {
    const { output } = await offline.run('modifiedPrompt', {
      context: tipWall,
      existingPrompt: 'Keep to these principles: Viral, Printed merch for winners, Simple Page.',
      removeParameters: ['Printed merch for winners'],
    });
    expect(output.finalPrompt).toBe('Keep to these principles: Viral, Simple Page.');
  });

  it('fills every extraction field of every flow stage', async () => {
    for (const stage of Object.values(FLOW_STAGES)) {
      const { output } = await offline.run('ideaStage', {
        context: tipWall,
        stage,
        prompt: stage.defaultPrompt,
        focusOn: '',
        iterations: 1,
        quick: false,
      });
      expect(Object.keys(output.fields).sort()).toEqual(Object.keys(stage.extractionFields).sort());
      for (const value of Object.values(output.fields)) expect(value.length).toBeGreaterThan(0);
    }
  });

  const refinedTipWall: AiContext = {
    ...tipWall,
    concept: { name: 'Tip Wall', simplicityScore: 4, coreAction: 'Leave a tip with a message', viralHook: 'Top tippers shine on the wall' },
    notes: {
      finalConceptName: 'Glow Wall',
      oneLinerPitch: 'Tips that pay back daily',
      detailedDescription: 'Every tip joins a pool that pays the best notes.',
      targetAudience: 'Streamers, Fans',
      webpageHeadline: 'Tip. Shine. Win.',
      webpageCta: 'Leave a tip',
      viralLoopExplained: 'Winners share their note',
      keyAssumptionsRisks: 'Fans want to be seen',
    },
  };

  it("writes the final prompt from the later stages too: the concept, pitch, description, headline and call to action, in the user's words", async () => {
    const { output } = await offline.run('finalPrompt', { context: refinedTipWall });
    for (const text of [
      'Build "Glow Wall"',
      'Concept: Tip Wall — Leave a tip with a message. Viral hook: Top tippers shine on the wall.',
      'One-liner pitch: Tips that pay back daily.',
      'Detailed description: Every tip joins a pool that pays the best notes.',
      'Target audience: Streamers, Fans.',
      'Page headline: Tip. Shine. Win.',
      'Call to action: Leave a tip.',
      'Viral loop: Winners share their note.',
      'Key assumptions and risks: Fans want to be seen.',
    ])
      expect(output.finalPrompt).toContain(text);
    expect(output.finalPrompt).not.toMatch(/oneLinerPitch|webpage|finalConceptName|targetAudience/);
  });

  it('leaves what was not written out of the final prompt', async () => {
    const { output } = await offline.run('finalPrompt', { context: tipWall });
    expect(output.finalPrompt).not.toMatch(/Concept:|pitch|Page headline|Call to action:/);
  });

  it("writes the technical report's idea and features from the concept, pitch, description, headline and call to action", async () => {
    const { output } = await offline.run('technicalReport', { context: refinedTipWall });
    for (const text of [
      'Concept: Tip Wall',
      'One-liner pitch: Tips that pay back daily.',
      'Every tip joins a pool',
      'Page headline: Tip. Shine. Win.',
      'Call to action: Leave a tip.',
    ])
      expect(output.detailedIdea).toContain(text);
    expect(output.prototypeStructure.coreFeatures).toEqual(
      expect.arrayContaining(['The core action: Leave a tip with a message', 'Headline: Tip. Shine. Win.', 'Call to action: Leave a tip']),
    );
  });

  const everyUse: { [U in AiUse]: AiInput<U> } = {
    parameters: parametersInput('rewardFlowParameters'),
    builderParameter: { context: tipWall, kind: 'socialCurrency', prompt: 'social currency', count: 6, maxWords: 6, exclude: [] },
    enhancedPrompt: { context: tipWall },
    technicalReport: { context: tipWall },
    finalPrompt: { context: tipWall },
    parameterAudit: { context: tipWall },
    modifiedPrompt: { context: tipWall, existingPrompt: 'Build it', removeParameters: ['Viral'] },
    processQuery: { context: tipWall, query: 'How do tippers find it?', stage: FLOW_STAGES.analysis },
    promptSequence: { context: tipWall, stage: FLOW_STAGES.ideation, input: '', config: {} },
    ideaStage: { context: tipWall, stage: FLOW_STAGES.mechanics, prompt: 'mechanics', focusOn: 'fairness', iterations: 3, quick: true },
    quickIdea: { context: tipWall },
  };

  it.each(Object.keys(everyUse) as AiUse[])('answers %s in the shape the Gemini prompt demands of the model', async (use) => {
    const { output } = await offline.run(use, everyUse[use]);
    expect(PROMPTS[use].output.safeParse(JSON.parse(JSON.stringify(output))).success).toBe(true);
  });
});
