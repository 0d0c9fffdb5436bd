import {
  BUILDER_PARAMETER_KIND_NAMES,
  BUILDER_PARAMETER_KINDS,
  FLOW_STAGES,
  GUIDED_PARAMETER_KINDS,
  GUIDED_PARAMETER_LISTS,
  parameterKey,
  type BuilderParameterKind,
  type FlowStage,
  type GuidedParameterList,
  type IdeaConcept,
} from '@vis/domain';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyContext } from '../context.ts';
import { PROMPTS } from '../prompts/index.ts';
import type { AiContext, AiInput, AiUse } from '../provider.ts';
import { draftsOf, SAMPLE_PROJECTS } from './drafts-cli.ts';
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
    expect(first.promptVersion).toBe('offline-parameters@4');
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

  describe('drafts for guided stages 3 to 5', () => {
    const [tipProject, birdProject] = SAMPLE_PROJECTS as [AiContext, AiContext];
    const draft = async (stage: keyof typeof FLOW_STAGES | FlowStage, context: AiContext) => {
      const flowStage = typeof stage === 'string' ? FLOW_STAGES[stage] : stage;
      return (
        await offline.run('ideaStage', { context, stage: flowStage, prompt: flowStage.defaultPrompt, focusOn: '', iterations: 1, quick: false })
      ).output.fields;
    };
    const conceptsOf = async (context: AiContext) => (await draft('ideation', context)).ideaConcepts as IdeaConcept[];
    const has = (text: unknown, words: string) =>
      expect((typeof text === 'string' ? text : JSON.stringify(text)).toLowerCase()).toContain(words.toLowerCase());
    /** Every text as a person writes it: a capital first, a full stop last, no field names, nothing left unfilled. */
    const readable = (text: unknown) => {
      expect(typeof text).toBe('string');
      const value = text as string;
      expect(value, value).toMatch(/^[A-Z0-9"']/);
      expect(value, value).not.toMatch(/undefined|null|\[object|\s[,.;:]|\.\.|\s{2}|[a-z][A-Z][a-z]+Parameters|rewardSource|oneLinerPitch/);
    };

    it('proposes three concepts named after the idea, the idea itself first, each hook driven by one of its triggers', async () => {
      const concepts = await conceptsOf(tipProject);
      expect(concepts).toHaveLength(3);
      expect(concepts[0]!.name).toBe('Tip Wall');
      expect(concepts[0]!.coreAction).toBe('A wall where every tip joins a pool that pays the best messages daily.');
      expect(new Set(concepts.map((concept) => concept.name)).size).toBe(3);
      for (const concept of concepts) {
        expect(concept.name).toMatch(/^(Tip|Wall|Message) /);
        expect(Number.isInteger(concept.simplicityScore) && concept.simplicityScore >= 0 && concept.simplicityScore <= 5).toBe(true);
        expect(tipProject.lists.viralParameters!.some((trigger) => concept.viralHook!.toLowerCase().includes(trigger.toLowerCase()))).toBe(true);
        for (const text of [concept.coreAction, concept.viralHook]) readable(text);
      }
      expect((await conceptsOf(birdProject))[0]!.name).toBe('Bird Guess');
    });

    it('names the first concept after two subjects that stand together in the idea, head noun last', async () => {
      const balcony = {
        ...tipProject,
        coreIdea: 'Neighbours post a daily photo of their balcony garden; the most liked photo each week wins the pool',
      };
      expect((await conceptsOf(balcony))[0]!.name).toBe('Balcony Garden');
    });

    it("never makes a reason to share of stage 1's principles ('no physical' is a rule, not a trigger)", async () => {
      const principled = {
        ...tipProject,
        lists: { ...tipProject.lists, viralParameters: ['one-page', 'no physical', 'realistic', 'Bragging rights'] },
      };
      const concepts = await conceptsOf(principled);
      const concept = concepts[1]!;
      const texts = JSON.stringify([concepts, await draft('refinement', { ...principled, concept })]).toLowerCase();
      expect(texts).toContain('bragging rights');
      for (const principle of ['no physical doing', 'one-page doing', 'realistic doing', 'share (one-page', 'no physical at work', 'no physical and'])
        expect(texts).not.toContain(principle);
    });

    it("drafts the mechanics from the selected concept and stage 2's reward source and flow", async () => {
      const concept = (await conceptsOf(tipProject))[1]!;
      const fields = await draft('mechanics', { ...tipProject, concept });
      expect(fields.selectedIdeaName).toBe(concept.name);
      for (const source of tipProject.lists.rewardSourceParameters!) has(fields.rewardSource, source);
      for (const flow of tipProject.lists.rewardFlowParameters!) has(fields.rewardFlow, flow);
      has(fields.sustainabilityCheck, tipProject.lists.sustainabilityParameters![0]!);
      has(fields.externalitiesCheck, tipProject.lists.externalitiesParameters![0]!);
      has(fields.externalitiesCheck, "'Stickers with QR codes at conferences' needs something physical");
      for (const text of Object.values(fields)) readable(text);
    });

    it('drafts the refinement from the selected concept and the notes before it, the final name starting from the concept', async () => {
      const concept = (await conceptsOf(birdProject))[1]!;
      const context = { ...birdProject, concept, notes: { rewardSource: '2% of every round', rewardFlow: 'Correct guessers split it at midnight' } };
      const fields = await draft('refinement', context);
      expect(fields.finalConceptName).toMatch(new RegExp(`^${concept.name}`));
      has(fields.oneLinerPitch, concept.name);
      has(fields.detailedDescription, birdProject.coreIdea);
      has(fields.detailedDescription, '2% of every round');
      has(fields.sustainabilityLoopExplained, 'Correct guessers split it at midnight');
      has(fields.viralLoopExplained, birdProject.lists.audienceReachParameters![0]!);
      has(fields.viralLoopExplained, birdProject.lists.viralParameters![0]!);
      for (const text of Object.values(fields)) readable(text);
    });

    it('tells one story when the project has no stage 2 lists yet: every field names the same reward source and flow', async () => {
      const bare: AiContext = {
        ...emptyContext(),
        coreIdea: 'Let people draw one pixel per day on a shared canvas',
        parameters: ['No Externalities'],
      };
      const concept = (await conceptsOf(bare))[1]!;
      expect(concept.name).toMatch(/^(Pixel|Draw|Canvas) /);
      const mechanics = await draft('mechanics', { ...bare, concept });
      const source = /filled from inside the game: (.+?)\. /.exec(mechanics.rewardSource as string)![1]!;
      const flow = /pays: (.+?)\. /.exec(mechanics.rewardFlow as string)![1]!;
      has(mechanics.sustainabilityCheck, `(${source})`);
      has(mechanics.sustainabilityCheck, `(${flow})`);
      const refinement = await draft('refinement', { ...bare, concept });
      has(refinement.detailedDescription, `(${source})`);
      has(refinement.sustainabilityLoopExplained, `(${flow})`);
    });

    it("fills the other stage 5 notes a stage asks for (audience, page) from the project's words", async () => {
      const notes = [
        'targetAudience',
        'webpageHeadline',
        'webpageVisual',
        'webpageCta',
        'webpageExplanation',
        'whyMicro',
        'whyNoExternalities',
        'keyAssumptionsRisks',
      ];
      const stage: FlowStage = { ...FLOW_STAGES.refinement, extractionFields: Object.fromEntries(notes.map((note) => [note, 'text' as const])) };
      const concept = (await conceptsOf(tipProject))[0]!;
      const fields = await draft(stage, { ...tipProject, concept });
      expect(fields.targetAudience).toBe('Streamers and viewers, Small online artists');
      for (const note of ['webpageHeadline', 'webpageVisual', 'webpageExplanation', 'whyMicro', 'whyNoExternalities']) has(fields[note], 'Tip Wall');
      has(fields.keyAssumptionsRisks, 'Moderating public messages');
      for (const text of Object.values(fields)) readable(text);
    });

    it('leaves out of the drafts what the audit finds against the idea', async () => {
      const concept = (await conceptsOf(tipProject))[0]!;
      const fields = await draft('refinement', { ...tipProject, concept });
      expect(JSON.stringify(fields).toLowerCase()).not.toContain('stickers');
      has(fields.viralLoopExplained, 'Creators embed the page in streams');
    });

    it("writes two projects' drafts differently, field by field", async () => {
      const [tip, bird] = await Promise.all(SAMPLE_PROJECTS.map((project) => draftsOf(project)));
      expect(tip!.length).toBe(5);
      for (const [index, { fields }] of tip!.entries()) {
        for (const [field, value] of Object.entries(fields))
          expect(JSON.stringify(value), field).not.toBe(JSON.stringify(bird![index]!.fields[field]));
      }
    });

    it('shows in the README two drafts as the generator writes them today', async () => {
      const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
      const section = readme
        .slice(readme.indexOf('### What the offline AI writes'), readme.indexOf('They read as a first draft'))
        .replace(/\n>\s*/g, ' ')
        .replace(/\s+/g, ' ');
      const tip = (await draftsOf(tipProject)).find(({ title }) => title === 'Stage 4 (mechanics), "Tip Wall" selected')!;
      const bird = (await draftsOf(birdProject)).find(({ title }) => title === 'Stage 5 (refinement), "Bird Teams" selected')!;
      for (const { fields } of [tip, bird])
        for (const [field, value] of Object.entries(fields)) if (field !== 'selectedIdeaName') expect(section, field).toContain(value);
    });

    it('answers the same project with the same drafts', async () => {
      expect(await draftsOf(birdProject)).toEqual(await draftsOf(structuredClone(birdProject)));
    });

    it('writes a quick idea and a final prompt that name the concept and values from every stage', async () => {
      const quick = (await offline.run('quickIdea', { context: tipProject })).output;
      expect(quick.concepts[0]!.name).toBe('Tip Wall');
      expect(quick.notes.finalConceptName).toBe('Tip Wall');
      has(quick.notes.detailedDescription, tipProject.coreIdea);
      const concept = quick.concepts[1]!;
      const context: AiContext = {
        ...tipProject,
        concept,
        notes: { rewardSource: 'Fee on each message', oneLinerPitch: 'Tips that pay back daily' },
      };
      const { finalPrompt } = (await offline.run('finalPrompt', { context })).output;
      for (const value of [
        concept.name,
        'Social proof',
        'Fee on each message posted',
        'Reward source: Fee on each message.',
        'Tips that pay back daily',
      ])
        expect(finalPrompt).toContain(value);
    });

    it('tailors prompt sequences and query answers to the project', async () => {
      const concept = (await conceptsOf(birdProject))[0]!;
      const context = { ...birdProject, concept };
      const { prompts } = (await offline.run('promptSequence', { context, stage: FLOW_STAGES.mechanics, input: '', config: {} })).output;
      has(prompts.join(' '), 'the selected concept "Bird Guess"');
      has(prompts.join(' '), birdProject.coreIdea);
      has(prompts.join(' '), 'reward source (Small play fee per round, Streak insurance bought by players)');
      const answer = (await offline.run('processQuery', { context, query: 'How do birders find it?', stage: FLOW_STAGES.analysis })).output;
      has(answer.response, 'Bird Guess');
      has(answer.response, 'birders');
      const funding = (await offline.run('processQuery', { context, query: 'Where does the pool money come from?', stage: FLOW_STAGES.mechanics }))
        .output;
      has(funding.response, 'The Bird Guess pool is filled from inside the game: small play fee per round');
      for (const suggestion of funding.suggestions) expect(suggestion).not.toMatch(/selected idea name/i);
      const refinement = (await offline.run('promptSequence', { context, stage: FLOW_STAGES.refinement, input: '', config: {} })).output.prompts;
      expect(refinement.join(' ')).not.toMatch(/list the strongest (viral loop|one liner|detailed|final concept|sustainability loop)/i);
    });

    it('plans the technical steps in the order they are taken, the first one naming the concept', async () => {
      const fields = await draft('technical', { ...birdProject, concept: (await conceptsOf(birdProject))[0]! });
      expect(fields.implementationSteps).toEqual([
        'Build the Bird Guess page and its one action',
        'Add the pool ledger and the payout job',
        'Connect XNO payments',
        'Add the live counter over WebSockets',
        'Add share cards and referral links',
      ]);
      has(fields.architecture, 'Nano wallet, serverless API and canvas rendering');
    });
  });

  describe('parameter audit', () => {
    const DEFAULTS = ['crypto reward', 'self-funded', 'viral', 'simple page', 'no externalities', 'one-page', 'no physical', 'realistic'];
    const audit = async (parameters: string[], lists: AiContext['lists'] = {}) =>
      (await offline.run('parameterAudit', { context: { ...emptyContext(), coreIdea: 'A tip wall', parameters, lists } })).output
        .incompatibleParameters;

    it.each([
      ['no physical', 'Stickers with QR codes at conferences', 'physical'],
      ['no physical', 'Printed flyers', 'physical'],
      ['no physical', 'Merchandise for top players', 'physical'],
      ['no physical', 'Launch party at a local bar', 'physical'],
      ['no externalities', 'Banner ads on the page', 'outside the loop'],
      ['self-funded', 'Sponsors pay the prizes', 'outside the loop'],
      ['self-funded', 'Grant from a crypto foundation', 'outside the loop'],
      ['no externalities', 'Angel investors cover payouts', 'outside the loop'],
      ['simple page', 'Native iOS app', 'more than one simple page'],
      ['one-page', 'Multi-page dashboard', 'more than one simple page'],
      ['crypto reward', 'No crypto', 'outside crypto'],
      ['crypto reward', 'Cash prizes by bank transfer', 'outside crypto'],
      ['realistic', 'Guaranteed returns for everyone', 'cannot keep'],
    ])("finds that '%s' rules out '%s', and says why in a sentence naming the project's rule", async (rule, parameter, why) => {
      const findings = await audit([rule, parameter]);
      expect(findings).toHaveLength(1);
      expect(findings[0]!.parameter).toBe(parameter);
      expect(findings[0]!.reason).toContain(`'${parameter}' needs`);
      expect(findings[0]!.reason).toContain(why);
      expect(findings[0]!.reason).toContain(`the project says '${rule}'`);
      expect(findings[0]!.reason).toMatch(/\.$/);
    });

    it('finds a conflict in a stage list too, against the idea itself when the project states no rule', async () => {
      const findings = await audit([], { audienceReachParameters: ['Stickers with QR codes at conferences', 'Results shared as emoji grids'] });
      expect(findings).toEqual([
        { parameter: 'Stickers with QR codes at conferences', reason: expect.stringContaining('the idea lives on one page with nothing physical') },
      ]);
    });

    it("flags none of the spec's default tags, nor the values that agree with them", async () => {
      const compatible = [
        ...DEFAULTS,
        'XNO Crypto',
        'No physical goods involved',
        'Works without an app store',
        'No ads or trackers',
        'Nothing to install',
        'Nothing to print or ship',
        'No sponsors and no investors',
        'QR codes',
        'Progressive web app',
        'Voluntary donations to the pool',
        'No fiat money involved',
        'Tips sent during live events',
        'Share cards with live pool size',
      ];
      expect(await audit(compatible)).toEqual([]);
    });

    it('finds nothing else in the whole vocabulary than the two reach ideas that need a place to stand in', async () => {
      const everything = [...new Set([...Object.values(GUIDED_VOCABULARY).flat(), ...Object.values(BUILDER_VOCABULARY).flat()])];
      const findings = await audit([...DEFAULTS, ...everything]);
      expect(findings.map((finding) => finding.parameter).sort()).toEqual([
        'QR codes at meetups and events',
        'Stickers with QR codes at conferences',
      ]);
    });
  });
});
