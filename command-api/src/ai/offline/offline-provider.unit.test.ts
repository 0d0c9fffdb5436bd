import {
  BUILDER_PARAMETER_KINDS,
  FLOW_STAGES,
  GUIDED_PARAMETER_KINDS,
  GUIDED_PARAMETER_LISTS,
  parameterKey,
  type GuidedParameterList,
} from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { emptyContext } from '../context.ts';
import { PROMPTS } from '../prompts/index.ts';
import type { AiContext, AiInput, AiUse } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';

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

describe('offline generator', () => {
  it('answers the same request with the same suggestions', async () => {
    const first = await offline.run('parameters', parametersInput('viralParameters'));
    const again = await createOfflineProvider().run('parameters', parametersInput('viralParameters'));
    expect(again).toEqual(first);
    expect(first.promptVersion).toBe('offline-parameters@1');
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

  it('audits the parameters that break the rules, by their own text', async () => {
    const { output } = await offline.run('parameterAudit', { context: tipWall });
    expect(output.incompatibleParameters).toEqual([{ parameter: 'Printed merch for winners', reason: expect.stringContaining('physical') }]);
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
