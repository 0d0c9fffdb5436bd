import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { ValidationError } from '../errors.ts';
import {
  audienceSegmentAdded,
  auditFindingResolved,
  conceptSelected,
  conceptsProposed,
  contentOf,
  coreIdeaChanged,
  currentStageChanged,
  finalPromptRecorded,
  parameterAdded,
  projectCreated,
  projectRenamed,
  report,
  stageNotesUpdated,
  technicalReportRecorded,
  tippers,
  tipWall,
} from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { exportProject, parseExportedStages, parseProjectExport } from './export.ts';
import { emptyStages, STAGE_DEFAULTS } from './stages.ts';
import type { ActiveProjectState } from './state.ts';

const active = (events: ProjectEvent[]): ActiveProjectState => {
  const state = fold(projectDecider, events);
  if (state.status !== 'active') throw new Error('the project should exist');
  return state;
};

/** Something in every stage, so that a lost field shows. */
const everyStageFilled: ProjectEvent[] = [
  projectCreated(),
  projectRenamed('Tip Jar'),
  coreIdeaChanged('a page that pays tippers'),
  parameterAdded({ list: 'parameters', value: 'XNO Crypto' }),
  parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
  parameterAdded({ list: 'micrositeParameters', value: 'Million Dollar Homepage' }),
  parameterAdded({ list: 'challengeParameters', value: 'spam' }),
  stageNotesUpdated(1, { keyResources: [{ url: 'https://nano.org', description: 'Nano' }] }, { keyResources: [] }),
  parameterAdded({ list: 'rewardSourceParameters', value: 'tips' }),
  parameterAdded({ list: 'audienceReachParameters', value: 'forums' }),
  audienceSegmentAdded(),
  stageNotesUpdated(
    2,
    {
      caseStudies: [{ projectName: 'Pixel Wall', summary: 's', successFactors: 'f', failures: 'x', link: 'https://example.org' }],
      keyInsights: 'Small tips add up',
    },
    { caseStudies: [], keyInsights: '' },
  ),
  conceptsProposed([tipWall({ coreAction: 'tip', viralHook: 'see your name' }), tipWall({ name: 'Echo', simplicityScore: 2 })]),
  conceptSelected(1, 'Echo'),
  stageNotesUpdated(4, { rewardSource: '1.5% fee', rewardFlow: 'daily pool of 10%' }, { rewardSource: '', rewardFlow: '' }),
  stageNotesUpdated(
    5,
    {
      oneLinerPitch: 'Tip once, get paid forever',
      targetAudience: ['creators', 'fans'],
      webpageElements: {
        headline: 'Tip',
        visualDescription: 'wall',
        cta: 'Tip now',
        explanation: 'e',
        otherElements: [{ name: 'counter', description: 'c' }],
      },
    },
    { oneLinerPitch: '', targetAudience: [], webpageElements: STAGE_DEFAULTS[5].webpageElements },
  ),
  technicalReportRecorded(
    report([
      { parameter: 'No Externalities', reason: 'needs a payment processor' },
      { parameter: 'FOMO', reason: 'dark pattern' },
    ]),
  ),
  auditFindingResolved('FOMO', 'dark pattern'),
  finalPromptRecorded('Build the tip wall'),
  currentStageChanged(6),
];

describe('export and import', () => {
  it('gives back the same project: export → import → same state', () => {
    const project = active(everyStageFilled);
    const file = JSON.parse(JSON.stringify(exportProject(project))) as unknown;
    const snapshot = parseProjectExport(file);
    const imported = projectDecider.evolve(active([projectCreated()]), {
      type: 'ProjectImported',
      data: { projectId: project.projectId, snapshot, importedAt: 'x' },
    });
    // Who gave the name is not in the file: an imported name is the person's unless it is a default one.
    expect(contentOf(imported)).toEqual({ ...contentOf(project), naming: undefined });
  });

  it('exports the spec shape, with the joined text form beside each list', () => {
    const file = exportProject(active(everyStageFilled));
    expect(Object.keys(file)).toEqual(['projectName', 'coreIdea', 'parameters', 'currentStageIndex', 'stages']);
    expect(file).toMatchObject({ projectName: 'Tip Jar', coreIdea: 'a page that pays tippers', currentStageIndex: 6 });
    expect(file.stages.map((stage) => stage.stageNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(file.stages[0]?.data).toMatchObject({
      viralParameters: ['FOMO'],
      commonViralTriggers: 'FOMO',
      successfulMicroSites: 'Million Dollar Homepage',
      coreTechUnderstanding: '',
    });
    expect(file.stages[1]?.data).toMatchObject({ rewardSources: 'tips', rewardFlowMechanics: '' });
  });

  it('exports copies: changing the file leaves the project alone', () => {
    const project = active(everyStageFilled);
    const file = exportProject(project);
    (file.stages[0]?.data.viralParameters as string[]).push('changed');
    file.parameters.push('changed');
    expect(project.stages[1].viralParameters).toEqual(['FOMO']);
    expect(project.parameters).not.toContain('changed');
  });
});

describe('parseProjectExport', () => {
  it('reads a list from its text form when a version kept only the text', () =>
    expect(
      parseProjectExport({ projectName: 'Old', stages: [{ stageNumber: 1, data: { commonViralTriggers: 'FOMO, scarcity\n• status' } }] }).stages[1]
        .viralParameters,
    ).toEqual(['FOMO', 'scarcity', 'status']));

  it('prefers the list over its text form', () =>
    expect(
      parseProjectExport({ projectName: 'x', stages: [{ stageNumber: 2, data: { rewardSourceParameters: ['tips'], rewardSources: 'ads' } }] })
        .stages[2].rewardSourceParameters,
    ).toEqual(['tips']));

  it('trims lists and drops empty and repeated values', () => {
    const parsed = parseProjectExport({
      projectName: 'x',
      parameters: [' Viral', 'Viral', ''],
      stages: [{ stageNumber: 1, data: { techParameters: ['a ', 'a', ' '] } }],
    });
    expect(parsed.parameters).toEqual(['Viral']);
    expect(parsed.stages[1].techParameters).toEqual(['a']);
  });

  it('names a stage by a numeric id when the file has no stageNumber', () =>
    expect(parseProjectExport({ projectName: 'x', stages: [{ id: 4, data: { rewardFlow: 'pool' } }] }).stages[4].rewardFlow).toBe('pool'));

  it('skips stages this version does not know', () =>
    expect(parseProjectExport({ projectName: 'x', stages: [{ stageNumber: 9, data: { anything: 1 } }, { id: 'abc' }] }).stages).toEqual(
      emptyStages(),
    ));

  it('treats null fields as empty', () =>
    expect(parseProjectExport({ projectName: 'x', stages: [{ stageNumber: 2, data: { keyInsights: null, caseStudies: null } }] }).stages[2]).toEqual(
      STAGE_DEFAULTS[2],
    ));

  it('drops a selection that points past the concepts', () =>
    expect(
      parseProjectExport({ projectName: 'x', stages: [{ stageNumber: 3, data: { ideaConcepts: [tipWall()], selectedConceptIndex: 4 } }] }).stages[3]
        .selectedConceptIndex,
    ).toBeNull());

  it('starts an unknown position at stage 1, and a blank name as a new project', () =>
    expect(parseProjectExport({ projectName: '  ', currentStageIndex: 12, stages: [] })).toMatchObject({
      name: 'New Viral Idea',
      currentStageIndex: 1,
    }));

  it('refuses a stage listed twice', () =>
    expect(() => parseProjectExport({ projectName: 'x', stages: [{ stageNumber: 1 }, { stageNumber: 1 }] })).toThrow(
      expect.objectContaining({ field: 'stages.1.stageNumber', message: 'Invalid project data format' }),
    ));

  it('refuses a stage entry that is not an object', () =>
    expect(() => parseProjectExport({ projectName: 'x', stages: ['stage one'] })).toThrow(ValidationError));

  it('refuses a file that is not an object', () =>
    expect(() => parseProjectExport('{"projectName":"x"}')).toThrow(
      expect.objectContaining({ field: 'project', message: 'Invalid project data format' }),
    ));

  it('refuses parameters that are not a list of text', () =>
    expect(() => parseProjectExport({ projectName: 'x', stages: [], parameters: 'Viral' })).toThrow(
      expect.objectContaining({ field: 'parameters' }),
    ));
});

describe('parseExportedStages', () => {
  it('reads stage documents of the read model shape, segments filled in', () =>
    expect(
      parseExportedStages([{ stageNumber: 2, data: { audienceSegments: [{ name: 'Tippers' }], rewardSources: '' } }])[2].audienceSegments,
    ).toEqual([tippers({ description: '', motivations: [], reachStrategy: '' })]));
});
