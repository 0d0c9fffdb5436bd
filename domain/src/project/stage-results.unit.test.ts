import { describe, it } from 'vitest';
import { NotFoundError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  applyStageResults,
  conceptsProposed,
  parameterAdded,
  projectCreated,
  report,
  stageNotesUpdated,
  stranger,
  technicalReportRecorded,
  tipWall,
} from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';

const given = deciderSpec(projectDecider);

describe('ApplyStageResults', () => {
  it("adds a research stage's list values to the stage's lists, leaving out what is there and what is too short", () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(
        applyStageResults('research', { viralParameters: ['FOMO', ' Scarcity ', 'x', 'Scarcity'], micrositeParameters: ['Million Dollar Homepage'] }),
      )
      .then([
        parameterAdded({ list: 'viralParameters', value: 'Scarcity' }),
        parameterAdded({ list: 'micrositeParameters', value: 'Million Dollar Homepage' }),
      ]));

  it('merges generated values without duplicates whatever their case, where a typed one would be refused', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'Scarcity' })])
      .when(applyStageResults('research', { viralParameters: ['scarcity', 'FOMO', 'fomo'] }))
      .then([parameterAdded({ list: 'viralParameters', value: 'FOMO' })]));

  it("replaces an analysis stage's texts in one notes update and ignores fields the stage does not extract", () =>
    given([projectCreated()])
      .when(applyStageResults('analysis', { keyInsights: 'People share what pays them', caseStudies: ['not from the AI'], rewardFlowParameters: [] }))
      .then([stageNotesUpdated(2, { keyInsights: 'People share what pays them' }, { keyInsights: '' })]));

  it("puts a refinement's page texts into stage 5's webpageElements, keeping the page's other parts", () => {
    const page = { headline: '', visualDescription: '', cta: '', explanation: '', otherElements: [{ name: 'Leaderboard', description: '' }] };
    return given([projectCreated(), stageNotesUpdated(5, { webpageElements: page }, {})])
      .when(applyStageResults('refinement', { whyMicro: 'One page', webpageHeadline: 'Tip the wall', webpageCta: 'Tip now' }))
      .then([
        stageNotesUpdated(
          5,
          { whyMicro: 'One page', webpageElements: { ...page, headline: 'Tip the wall', cta: 'Tip now' } },
          { whyMicro: '', webpageElements: page },
        ),
      ]);
  });

  it('proposes concepts with whole scores from 0 to 5, new names only', () =>
    given([projectCreated(), conceptsProposed([tipWall()])])
      .when(
        applyStageResults('ideation', {
          ideaConcepts: [tipWall(), { name: 'Pixel Board', simplicityScore: 7.4, coreAction: 'Buy a pixel' }, { name: '', simplicityScore: 3 }],
        }),
      )
      .then([conceptsProposed([{ name: 'Pixel Board', simplicityScore: 5, coreAction: 'Buy a pixel' }], 1)]));

  it("starts the technical report from the technical stage's fields and keeps the rest of a report the user has", () => {
    const existing = report([{ parameter: 'Ads', reason: 'External' }]);
    return given([projectCreated(), technicalReportRecorded(existing)])
      .when(applyStageResults('technical', { architecture: 'One static page', implementationSteps: ['Build', 'Ship'] }))
      .then([
        technicalReportRecorded({
          ...existing,
          technicalSpecifications: { ...existing.technicalSpecifications, architecture: 'One static page' },
          implementationPlan: { ...existing.implementationPlan, phases: ['Build', 'Ship'] },
        }),
      ]);
  });

  it("cuts a list value longer than the list's word cap to its first words, rather than refusing a paid answer", () =>
    given([projectCreated()])
      .when(
        applyStageResults('research', {
          viralParameters: ['fear of missing out on it', 'FOMO'],
          challengeParameters: ['people may not trust a brand new site at first'],
        }),
      )
      .then([
        parameterAdded({ list: 'viralParameters', value: 'fear of missing' }),
        parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
        parameterAdded({ list: 'challengeParameters', value: 'people may not trust a brand' }),
      ]));

  it('cuts what a model wrote to the project limits and strips characters no text may hold, rather than refusing a paid answer', () =>
    given([projectCreated()])
      .when(applyStageResults('mechanics', { rewardSource: `Tips\u202E from ${'x'.repeat(30_000)}` }))
      .then([stageNotesUpdated(4, { rewardSource: `Tips from ${'x'.repeat(20_000 - 'Tips from '.length)}` }, { rewardSource: '' })]));

  it('changes nothing when the results hold nothing new', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(applyStageResults('research', { viralParameters: ['FOMO'], techParameters: 'not a list' }))
      .then([]));

  it("answers 'not found' for another owner's project", () =>
    given([projectCreated()])
      .when(applyStageResults('research', { viralParameters: ['FOMO'] }, stranger))
      .thenThrows(NotFoundError));
});
