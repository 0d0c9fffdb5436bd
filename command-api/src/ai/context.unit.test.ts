import { emptyStages, patchStage, type ActiveProjectState } from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { contextOfProject } from './context.ts';
import { describeContext } from './prompts/context.ts';

const guided = (stages = emptyStages()): ActiveProjectState => ({
  status: 'active',
  projectId: 'p-1',
  ownerId: 'visitor-ann',
  name: 'Tip Jar',
  coreIdea: 'Fans tip creators',
  parameters: ['Viral'],
  currentStageIndex: 5,
  aiKeyStatus: 'Not Set',
  aiKey: null,
  stages,
  kind: 'guided',
  builder: null,
  revision: 0,
  textRevisions: {},
});

const refined = () => {
  let stages = emptyStages();
  stages = patchStage(stages, 3, {
    ideaConcepts: [
      { name: 'Tip Wall', simplicityScore: 4, coreAction: 'Leave a tip with a message', viralHook: 'Top tippers shine on the wall' },
      { name: 'Other', simplicityScore: 3 },
    ],
    selectedConceptIndex: 0,
  });
  stages = patchStage(stages, 4, { rewardSource: 'A 1.5% fee on tips' });
  stages = patchStage(stages, 5, {
    finalConceptName: 'Tip Wall',
    oneLinerPitch: 'Tips that pay back daily',
    detailedDescription: 'Every tip joins a pool.',
    targetAudience: ['Streamers', ' ', 'Fans'],
    webpageElements: {
      headline: 'Tip. Shine. Win.',
      visualDescription: 'A wall of glowing notes',
      cta: 'Leave a tip',
      explanation: 'The pool pays the best notes daily',
      otherElements: [{ name: 'Counter', description: 'Live pool size' }],
    },
    viralLoopExplained: 'Winners share their note',
    sustainabilityLoopExplained: 'The fee funds the pool',
    whyMicro: 'One page, one action',
    whyNoExternalities: 'Only XNO between players',
    keyAssumptionsRisks: 'Fans want to be seen',
  });
  return guided(stages);
};

describe('contextOfProject', () => {
  it('carries the selected concept with its core action and viral hook', () => {
    expect(contextOfProject(refined()).concept).toEqual({
      name: 'Tip Wall',
      simplicityScore: 4,
      coreAction: 'Leave a tip with a message',
      viralHook: 'Top tippers shine on the wall',
    });
  });

  it('carries every stage 4 and 5 text, the target audience and the page elements as notes', () => {
    expect(contextOfProject(refined()).notes).toEqual({
      rewardSource: 'A 1.5% fee on tips',
      finalConceptName: 'Tip Wall',
      oneLinerPitch: 'Tips that pay back daily',
      detailedDescription: 'Every tip joins a pool.',
      viralLoopExplained: 'Winners share their note',
      sustainabilityLoopExplained: 'The fee funds the pool',
      whyMicro: 'One page, one action',
      whyNoExternalities: 'Only XNO between players',
      keyAssumptionsRisks: 'Fans want to be seen',
      targetAudience: 'Streamers, Fans',
      webpageHeadline: 'Tip. Shine. Win.',
      webpageVisual: 'A wall of glowing notes',
      webpageCta: 'Leave a tip',
      webpageExplanation: 'The pool pays the best notes daily',
      webpageOtherElements: 'Counter: Live pool size',
    });
  });

  it('leaves empty notes out', () => {
    expect(contextOfProject(guided()).notes).toEqual({});
    expect(contextOfProject(guided()).concept).toBeNull();
  });

  it("describes the notes to the model by their readable names, not the fields'", () => {
    const description = describeContext(contextOfProject(refined()));
    expect(description).toContain('Selected concept: Tip Wall — Leave a tip with a message — Top tippers shine on the wall');
    expect(description).toContain('One-liner pitch: Tips that pay back daily');
    expect(description).toContain('Page headline: Tip. Shine. Win.');
    expect(description).toContain('Call to action: Leave a tip');
    expect(description).toContain('Target audience: Streamers, Fans');
    expect(description).not.toMatch(/oneLinerPitch|webpage|targetAudience|keyAssumptionsRisks/);
  });
});
