import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  audienceSegmentAdded,
  conceptsProposed,
  coreIdeaChanged,
  currentStageChanged,
  finalPromptRecorded,
  importProject,
  parameterAdded,
  parametersCleared,
  projectCreated,
  projectImported,
  projectRenamed,
  projectReset,
  recordFinalPrompt,
  recordTechnicalReport,
  report,
  resetProject,
  snapshot,
  stageNotesUpdated,
  technicalReportRecorded,
  tipWall,
} from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { exportProject } from './export.ts';
import { emptyStages, technicalReportSchema } from './stages.ts';

const given = deciderSpec(projectDecider);

const worked: ProjectEvent[] = [
  projectCreated(),
  projectRenamed('Tip Jar'),
  coreIdeaChanged('a page that pays tippers'),
  parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
  audienceSegmentAdded(),
  conceptsProposed([tipWall()]),
  stageNotesUpdated(4, { rewardFlow: 'daily pool' }, { rewardFlow: '' }),
  technicalReportRecorded(),
  finalPromptRecorded('Build the tip wall'),
  currentStageChanged(5),
];

describe('ResetProject', () => {
  it('puts a worked-on project back to a new one', () => given(worked).when(resetProject()).then([projectReset()]));

  it('resets a project whose only change is the stage it stands on', () =>
    given([projectCreated(), currentStageChanged(3)])
      .when(resetProject())
      .then([projectReset()]));

  it('resets a project that lost its default parameters', () =>
    given([projectCreated(), parametersCleared('parameters', ['Viral', 'Simple Page', 'No Externalities'])])
      .when(resetProject())
      .then([projectReset()]));

  it('does nothing for a project that is already new', () => given([projectCreated()]).when(resetProject()).thenNothingHappened());
});

describe('ImportProject', () => {
  const stagesWithConcept = () => {
    const stages = emptyStages();
    stages[3].ideaConcepts = [tipWall()];
    return stages;
  };

  it('imports an exported project whole', () =>
    given([projectCreated()])
      .when(
        importProject({
          projectName: 'Tip Jar',
          coreIdea: 'a page that pays',
          parameters: ['Viral'],
          currentStageIndex: 3,
          stages: [{ stageNumber: 3, data: { ideaConcepts: [tipWall()], selectedConceptIndex: null } }],
        }),
      )
      .then([
        projectImported(
          snapshot({ name: 'Tip Jar', coreIdea: 'a page that pays', parameters: ['Viral'], currentStageIndex: 3, stages: stagesWithConcept() }),
        ),
      ]));

  it('imports a file from an older version: unknown fields dropped, missing ones empty', () =>
    given([projectCreated()])
      .when(
        importProject({
          projectName: 'Old',
          id: 7,
          aiApiKey: 'secret',
          stages: [{ stageNumber: 3, title: 'Ideation', data: { ideaConcepts: [tipWall()], geminiSuggestions: 'x' } }],
        }),
      )
      .then([projectImported(snapshot({ name: 'Old', parameters: [], stages: stagesWithConcept() }))]));

  it('does nothing when the file holds the project as it is', () => {
    const current = fold(projectDecider, worked);
    if (current.status !== 'active') throw new Error('the project should exist');
    given(worked)
      .when(importProject({ ...exportProject(current) }))
      .thenNothingHappened();
  });

  it.each([
    ['no projectName', { stages: [] }],
    ['a projectName that is not text', { projectName: 3, stages: [] }],
    ['no stages', { projectName: 'Tip Jar' }],
    ['stages that are not a list', { projectName: 'Tip Jar', stages: {} }],
  ])('refuses a file with %s', (_, file) =>
    given([projectCreated()]).when(importProject(file)).thenThrows(ValidationError, 'Invalid project data format'),
  );

  it('refuses stage data that breaks the stage schema, naming where', () =>
    given([projectCreated()])
      .when(importProject({ projectName: 'Tip Jar', stages: [{ stageNumber: 3, data: { ideaConcepts: [tipWall({ simplicityScore: 9 })] } }] }))
      .thenThrows(ValidationError, 'Invalid project data format'));
});

describe('RecordTechnicalReport', () => {
  it('records the report', () => given([projectCreated()]).when(recordTechnicalReport()).then([technicalReportRecorded()]));

  it('records a report the AI wrote partly as lists, in the one shape readers get', () => {
    const loose = technicalReportSchema.parse({ implementationPlan: { phases: 'one phase', roadmap: ['build', 'launch'] } });
    expect(loose.implementationPlan).toEqual({ phases: ['one phase'], resources: [], roadmap: 'build\nlaunch', risks: [], metrics: [] });
    given([projectCreated()])
      .when(recordTechnicalReport(loose))
      .then([technicalReportRecorded(loose)]);
  });

  it('does nothing for the same report', () =>
    given([projectCreated(), technicalReportRecorded()]).when(recordTechnicalReport(report())).thenNothingHappened());
});

describe('RecordFinalPrompt', () => {
  it('records the trimmed prompt', () =>
    given([projectCreated()])
      .when(recordFinalPrompt('  Build the tip wall \n'))
      .then([finalPromptRecorded('Build the tip wall')]));

  it('records a modified prompt over the previous one', () =>
    given([projectCreated(), finalPromptRecorded('Build it')])
      .when(recordFinalPrompt('Build it smaller'))
      .then([finalPromptRecorded('Build it smaller')]));

  it('does nothing for the same prompt', () =>
    given([projectCreated(), finalPromptRecorded('Build it')])
      .when(recordFinalPrompt('Build it'))
      .thenNothingHappened());

  it('refuses a blank prompt', () =>
    given([projectCreated()]).when(recordFinalPrompt('   ')).thenThrows(ValidationError, 'Final prompt is required'));
});
