import { describe, expect, it } from 'vitest';
import { PARAMETER_LISTS } from '../project/constants.ts';
import { FLOW_STAGES, FLOW_STAGE_IDS, flowStageOf } from './flow-stages.ts';
import {
  BUILDER_PARAMETER_KINDS,
  builderKindOfPrompt,
  GUIDED_PARAMETER_KINDS,
  guidedListOf,
  parameterKey,
  STAGE_TWO_KINDS,
  truncateWords,
} from './parameter-kinds.ts';

describe('parameter kinds', () => {
  it("gives the builder's kinds the spec's words and counts (spec 02 §7)", () =>
    expect(
      Object.values(BUILDER_PARAMETER_KINDS).map(({ title, minWords, maxWords, count }) => `${title} ${minWords}-${maxWords} x${count}`),
    ).toEqual([
      'viral trigger 1-3 x10',
      'core technology 1-3 x10',
      'sustainability principle 1-3 x10',
      'emotional trigger 1-3 x6',
      'public visibility way 3-8 x6',
      'narrative element 2-4 x6',
      'practical benefit 2-6 x6',
      'social currency 3-6 x6',
      'community ownership 3-6 x6',
    ]));

  it('covers every stage 1 and stage 2 list', () =>
    expect(Object.keys(GUIDED_PARAMETER_KINDS).sort()).toEqual(
      Object.entries(PARAMETER_LISTS)
        .filter(([, list]) => list.stage === 1 || list.stage === 2)
        .map(([name]) => name)
        .sort(),
    ));

  it.each([
    ['viralParameters', 'viralParameters'],
    ['commonViralTriggers', 'viralParameters'],
    ['coreTechUnderstanding', 'techParameters'],
    ['rewardSource', 'rewardSourceParameters'],
    ['audienceReach', 'audienceReachParameters'],
    ['sustainabilityFactors', 'sustainabilityParameters'],
    ['nope', null],
    ['toString', null],
  ])('reads the field type %s as the list %s', (fieldType, list) => expect(guidedListOf(fieldType)).toBe(list));

  it('maps each stage-2 kind to a stage-2 list', () => {
    for (const list of Object.values(STAGE_TWO_KINDS)) expect(PARAMETER_LISTS[list].stage).toBe(2);
  });

  it.each([
    ['Generate social currency parameters for my idea', 'socialCurrency'],
    ['Suggest emotional triggers', 'emotionalTriggers'],
    ['Give me viral triggers', 'viralTrigger'],
    ['technical framework parameters', 'coreTechnology'],
    ['closed loop sustainability', 'sustainabilityPrinciple'],
    ['ways to make it publicly visible', 'publicVisibility'],
    ['story hooks', 'narrativeElements'],
    ['community ownership ideas', 'communityOwnership'],
    ['anything at all', 'viralTrigger'],
  ])('reads the kind of the prompt %j as %s', (prompt, kind) => expect(builderKindOfPrompt(prompt)).toBe(kind));

  it('cuts a result to its word limit', () => expect(truncateWords('  one two   three four ', 3)).toBe('one two three'));

  it('compares parameters without case, spacing or punctuation', () =>
    expect(parameterKey(' Fear of Missing-Out! ')).toBe(parameterKey('fear of missing out')));
});

describe('flow stages', () => {
  it("keeps the spec's order, dependencies and estimated times (spec 01 §4, §9)", () => {
    expect(FLOW_STAGE_IDS.map((id) => [id, FLOW_STAGES[id].estimatedSeconds, FLOW_STAGES[id].dependencies])).toEqual([
      ['research', 60, []],
      ['analysis', 90, ['research']],
      ['ideation', 120, ['research', 'analysis']],
      ['mechanics', 90, ['ideation']],
      ['refinement', 120, ['mechanics']],
      ['technical', 180, ['refinement']],
    ]);
    expect(FLOW_STAGES.technical.required).toBe(false);
  });

  it('finds a stage by id or number', () => {
    expect(flowStageOf(3)?.id).toBe('ideation');
    expect(flowStageOf('mechanics')?.stageNumber).toBe(4);
    expect(flowStageOf(9)).toBeNull();
  });
});
