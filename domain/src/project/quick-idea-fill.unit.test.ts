import { describe, it } from 'vitest';
import { NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  conceptSelected,
  conceptsProposed,
  coreIdeaChanged,
  metadata,
  parameterAdded,
  projectCreated,
  projectId,
  projectRenamed,
  stageNotesUpdated,
  stranger,
  tipWall,
} from '../testing/project-fixtures.ts';
import type { ApplyQuickIdea } from './commands.ts';
import { projectDecider } from './decide.ts';

const given = deciderSpec(projectDecider);

const applyQuickIdea = (idea: Omit<ApplyQuickIdea['data'], 'projectId'>, actorId?: string): ApplyQuickIdea => ({
  type: 'ApplyQuickIdea',
  data: { projectId, ...idea },
  metadata: metadata(actorId),
});

const pixelBoard = { name: 'Pixel Board', simplicityScore: 5, coreAction: 'Buy a pixel' };

/** What the quick-idea route sends: the export-shaped project data of POST /api/quick-generate-idea. */
const quickIdea = (overrides: Record<string, unknown> = {}) => ({
  projectName: 'Tip Pool',
  coreIdea: 'A page where every tip feeds the pool',
  parameters: ['Viral'],
  stages: [
    { stageNumber: 1, data: { viralParameters: ['FOMO', 'Scarcity'] } },
    { stageNumber: 2, data: { rewardSourceParameters: ['Tips'] } },
    { stageNumber: 3, data: { ideaConcepts: [tipWall(), pixelBoard], selectedConceptIndex: 0 } },
    { stageNumber: 4, data: { rewardSource: 'Tips from visitors', rewardFlow: 'Into the pool' } },
    { stageNumber: 5, data: { finalConceptName: 'Tip Wall', oneLinerPitch: 'Tip the wall' } },
  ],
  ...overrides,
});

describe('ApplyQuickIdea (Quick Start: Fill this project)', () => {
  it('fills an empty project: name, core idea, lists, concepts with the first selected, and the drafted texts', () =>
    given([projectCreated({ parameters: ['Viral'] })])
      .when(applyQuickIdea(quickIdea()))
      .then([
        projectRenamed('Tip Pool'),
        coreIdeaChanged('A page where every tip feeds the pool'),
        parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
        parameterAdded({ list: 'viralParameters', value: 'Scarcity' }),
        parameterAdded({ list: 'rewardSourceParameters', value: 'Tips' }),
        conceptsProposed([tipWall(), pixelBoard]),
        conceptSelected(0, 'Tip Wall'),
        // Selecting a concept starts the empty idea and final concept names with its name (decide.ts).
        stageNotesUpdated(4, { selectedIdeaName: 'Tip Wall' }, { selectedIdeaName: '' }),
        stageNotesUpdated(5, { finalConceptName: 'Tip Wall' }, { finalConceptName: '' }),
        stageNotesUpdated(4, { rewardSource: 'Tips from visitors', rewardFlow: 'Into the pool' }, { rewardSource: '', rewardFlow: '' }),
        stageNotesUpdated(5, { oneLinerPitch: 'Tip the wall' }, { oneLinerPitch: '' }),
      ]));

  it('never writes over what the person typed: their name, core idea and texts stay; only empty texts are filled', () =>
    given([
      projectCreated({ name: 'My Wall', coreIdea: 'My own idea', parameters: ['Viral'] }),
      parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
      conceptsProposed([tipWall({ simplicityScore: 2 })]),
      conceptSelected(0, 'Tip Wall'),
      stageNotesUpdated(4, { rewardSource: 'My source' }, { rewardSource: '' }),
      stageNotesUpdated(5, { finalConceptName: 'My Name', oneLinerPitch: 'My pitch' }, { finalConceptName: '', oneLinerPitch: '' }),
    ])
      .when(applyQuickIdea(quickIdea()))
      .then([
        parameterAdded({ list: 'viralParameters', value: 'Scarcity' }),
        parameterAdded({ list: 'rewardSourceParameters', value: 'Tips' }),
        conceptsProposed([pixelBoard], 1),
        stageNotesUpdated(4, { rewardFlow: 'Into the pool' }, { rewardFlow: '' }),
      ]));

  it('changes nothing when the project already holds everything the idea offers', () =>
    given([projectCreated({ name: 'Tip Pool', coreIdea: 'Mine', parameters: ['Viral'] }), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(applyQuickIdea({ projectName: 'Tip Pool', stages: [{ stageNumber: 1, data: { viralParameters: ['FOMO'] } }] }))
      .thenNothingHappened());

  it("cuts a list value to its list's words instead of refusing the paid idea", () =>
    given([projectCreated()])
      .when(applyQuickIdea({ stages: [{ stageNumber: 1, data: { viralParameters: ['Fear of missing out on the daily pool'] } }] }))
      .then([parameterAdded({ list: 'viralParameters', value: 'Fear of missing' })]));

  it("is another owner's project: missing", () => given([projectCreated()]).when(applyQuickIdea(quickIdea(), stranger)).thenThrows(NotFoundError));

  it('refuses data that is not a project', () =>
    given([projectCreated()])
      .when(applyQuickIdea({ stages: [{ stageNumber: 3, data: { ideaConcepts: 'three' } }] }))
      .thenThrows(ValidationError));
});
