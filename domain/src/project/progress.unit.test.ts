import { describe, expect, it } from 'vitest';
import { tippers, tipWall } from '../testing/project-fixtures.ts';
import { contextFromPreviousStages, progressOf } from './progress.ts';
import { emptyStages, type ProjectStages } from './stages.ts';

const stagesWith = (change: (stages: ProjectStages) => void): ProjectStages => {
  const stages = emptyStages();
  change(stages);
  return stages;
};

describe('progressOf', () => {
  it('counts nothing for a new project', () =>
    expect(progressOf(emptyStages())).toEqual({ stages: { 1: false, 2: false, 3: false, 4: false, 5: false }, completed: 0, percent: 0 }));

  it('counts nothing for a new project with its starting viral triggers', () => {
    const untouched = stagesWith((s) => (s[1].viralParameters = ['one-page', 'no physical', 'realistic']));
    expect(progressOf(untouched)).toEqual({ stages: { 1: false, 2: false, 3: false, 4: false, 5: false }, completed: 0, percent: 0 });
  });

  it("completes stage 1 with a viral trigger of the person's own beside the starting ones", () =>
    expect(progressOf(stagesWith((s) => (s[1].viralParameters = ['one-page', 'FOMO']))).stages[1]).toBe(true));

  it.each([
    ['viral triggers', (s: ProjectStages) => (s[1].viralParameters = ['FOMO'])],
    ['micro-sites', (s: ProjectStages) => (s[1].micrositeParameters = ['Pixel Wall'])],
    ['closed-loop principles', (s: ProjectStages) => (s[1].closedLoopParameters = ['fees feed the pool'])],
    ['tech understanding', (s: ProjectStages) => (s[1].techParameters = ['nano'])],
  ])('completes stage 1 with %s', (_, change) => expect(progressOf(stagesWith(change)).stages[1]).toBe(true));

  it('does not complete stage 1 with challenges or key resources alone', () =>
    expect(
      progressOf(
        stagesWith((s) => {
          s[1].challengeParameters = ['spam'];
          s[1].keyResources = [{ url: 'https://nano.org', description: '' }];
        }),
      ).stages[1],
    ).toBe(false));

  it.each([
    ['identified communities', (s: ProjectStages) => (s[2].identifiedCommunities = 'r/nanocurrency')],
    [
      'a named case study',
      (s: ProjectStages) => (s[2].caseStudies = [{ projectName: 'Pixel Wall', summary: '', successFactors: '', failures: '', link: '' }]),
    ],
    ['any stage-2 list', (s: ProjectStages) => (s[2].audienceReachParameters = ['forums'])],
    ['an audience segment', (s: ProjectStages) => (s[2].audienceSegments = [tippers()])],
  ])('completes stage 2 with %s', (_, change) => expect(progressOf(stagesWith(change)).stages[2]).toBe(true));

  it('does not complete stage 2 with a blank community text, an unnamed case study or key insights', () =>
    expect(
      progressOf(
        stagesWith((s) => {
          s[2].identifiedCommunities = '  ';
          s[2].caseStudies = [{ projectName: '', summary: 'something', successFactors: '', failures: '', link: '' }];
          s[2].keyInsights = 'insight';
        }),
      ).stages[2],
    ).toBe(false));

  it('completes stage 3 with one concept', () => expect(progressOf(stagesWith((s) => (s[3].ideaConcepts = [tipWall()]))).stages[3]).toBe(true));

  it.each([
    ['reward source', (s: ProjectStages) => (s[4].rewardSource = 'fee')],
    ['reward flow', (s: ProjectStages) => (s[4].rewardFlow = 'pool')],
  ])('completes stage 4 with a %s', (_, change) => expect(progressOf(stagesWith(change)).stages[4]).toBe(true));

  it('does not complete stage 4 with the other mechanics notes', () =>
    expect(progressOf(stagesWith((s) => (s[4].sustainabilityCheck = 'ok'))).stages[4]).toBe(false));

  it.each([
    ['pitch', (s: ProjectStages) => (s[5].oneLinerPitch = 'Tip once')],
    ['detailed description', (s: ProjectStages) => (s[5].detailedDescription = 'A wall')],
  ])('completes stage 5 with a %s', (_, change) => expect(progressOf(stagesWith(change)).stages[5]).toBe(true));

  it('rounds the share of completed stages to a whole percent', () => {
    const stages = stagesWith((s) => {
      s[1].viralParameters = ['FOMO'];
      s[3].ideaConcepts = [tipWall()];
    });
    expect(progressOf(stages)).toEqual({ stages: { 1: true, 2: false, 3: true, 4: false, 5: false }, completed: 2, percent: 40 });
  });

  it('ignores the technical stage', () => expect(progressOf(stagesWith((s) => (s[6].finalPrompt = 'Build it'))).percent).toBe(0));
});

describe('contextFromPreviousStages', () => {
  const filled = stagesWith((s) => {
    s[1].viralParameters = ['FOMO', 'status'];
    s[1].keyResources = [{ url: 'https://nano.org', description: 'Nano' }];
    s[2].caseStudies = [
      { projectName: 'Pixel Wall', summary: '', successFactors: '', failures: '', link: '' },
      { projectName: '', summary: 'unnamed', successFactors: '', failures: '', link: '' },
    ];
    s[2].keyInsights = 'i'.repeat(130);
    s[2].audienceSegments = [tippers(), tippers({ name: 'Artists' })];
    s[3].ideaConcepts = [tipWall(), tipWall({ name: 'Echo', coreAction: 'tip', viralHook: 'your name on the wall' })];
    s[3].selectedConceptIndex = 1;
    s[4].rewardFlow = 'a daily pool of 10% of new contributions';
    s[4].messagingStrategy = 'Tip once, see your name on the wall';
  });

  it('summarises stages 1 to 4, texts cut to 120 characters', () =>
    expect(contextFromPreviousStages({ stages: filled })).toEqual({
      1: { viralTriggers: 'FOMO, status', keyResources: [{ url: 'https://nano.org', description: 'Nano' }] },
      2: { caseStudyNames: ['Pixel Wall'], keyInsights: `${'i'.repeat(119)}…` },
      3: { conceptName: 'Echo', coreAction: 'tip', viralHook: 'your name on the wall' },
      4: {
        audienceSegmentNames: ['Tippers', 'Artists'],
        messaging: 'Tip once, see your name on the wall',
        rewardFlow: 'a daily pool of 10% of new contributions',
      },
    }));

  it('shows only the stages before the screen it is for', () => {
    expect(contextFromPreviousStages({ stages: filled }, 1)).toEqual({});
    expect(Object.keys(contextFromPreviousStages({ stages: filled }, 3))).toEqual(['1', '2']);
  });

  it('cuts the joined viral triggers', () => {
    const stages = stagesWith((s) => (s[1].viralParameters = Array.from({ length: 30 }, (_, i) => `trigger ${i}`)));
    const triggers = contextFromPreviousStages({ stages }, 2)[1]?.viralTriggers ?? '';
    expect(triggers.length).toBeLessThanOrEqual(120);
    expect(triggers.endsWith('…')).toBe(true);
  });

  it('has no concept while none is selected, and empty texts for a concept without them', () => {
    expect(contextFromPreviousStages({ stages: stagesWith((s) => (s[3].ideaConcepts = [tipWall()])) })[3]).toBeNull();
    const selected = stagesWith((s) => {
      s[3].ideaConcepts = [tipWall()];
      s[3].selectedConceptIndex = 0;
    });
    expect(contextFromPreviousStages({ stages: selected })[3]).toEqual({ conceptName: 'Tip Wall', coreAction: '', viralHook: '' });
  });
});
