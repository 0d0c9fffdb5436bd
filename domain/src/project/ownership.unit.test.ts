import { describe, expect, it } from 'vitest';
import { NotFoundError, StageIncompleteError, ValidationError, type DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  addAudienceSegment,
  addParameter,
  advanceStage,
  clearParameters,
  importProject,
  projectCreated,
  proposeConcepts,
  recordFinalPrompt,
  recordTechnicalReport,
  removeAudienceSegment,
  removeAuditedParameter,
  removeParameter,
  renameProject,
  resetProject,
  resetStage,
  selectConcept,
  setCoreIdea,
  setCurrentStage,
  stranger,
  tipWall,
  updateStageNotes,
} from '../testing/project-fixtures.ts';
import type { ProjectCommand } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';

const given = deciderSpec(projectDecider);

/** Every command but CreateProject, as the owner and as a stranger would send it. */
const commands: [string, (actorId?: string) => ProjectCommand][] = [
  ['RenameProject', (actor) => renameProject('Tip Jar', actor)],
  ['SetCoreIdea', (actor) => setCoreIdea('a page', actor)],
  ['AddParameter', (actor) => addParameter({}, actor)],
  ['RemoveParameter', (actor) => removeParameter({ value: 'Viral' }, actor)],
  ['ClearParameters', (actor) => clearParameters('parameters', actor)],
  ['UpdateStageNotes', (actor) => updateStageNotes(4, { rewardFlow: 'pool' }, actor)],
  ['AddAudienceSegment', (actor) => addAudienceSegment({}, actor)],
  ['RemoveAudienceSegment', (actor) => removeAudienceSegment(0, actor)],
  ['ProposeConcepts', (actor) => proposeConcepts([tipWall()], actor)],
  ['SelectConcept', (actor) => selectConcept(0, actor)],
  ['AdvanceStage', (actor) => advanceStage(3, false, actor)],
  ['SetCurrentStage', (actor) => setCurrentStage(2, actor)],
  ['ResetStage', (actor) => resetStage(1, actor)],
  ['ResetProject', (actor) => resetProject(actor)],
  ['ImportProject', (actor) => importProject({ projectName: 'Tip Jar', stages: [] }, actor)],
  ['RecordTechnicalReport', (actor) => recordTechnicalReport(undefined, actor)],
  ['RecordFinalPrompt', (actor) => recordFinalPrompt('Build it', actor)],
  ['RemoveAuditedParameter', (actor) => removeAuditedParameter('Viral', actor)],
];

describe.each(commands)('%s', (_, command) => {
  it('answers not found for a project that does not exist', () => given([]).when(command()).thenThrows(NotFoundError, 'Project not found'));

  it("answers not found for another owner's project, so ids cannot be probed", () =>
    given([projectCreated()]).when(command(stranger)).thenThrows(NotFoundError, 'Project not found'));
});

const thrownBy = (given: ProjectEvent[], command: ProjectCommand): DomainError => {
  const state = given.reduce(projectDecider.evolve, projectDecider.initialState());
  try {
    projectDecider.decide(command, state);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the command to be refused');
};

describe('error titles the spec shows', () => {
  it("'Invalid parameter' for a short parameter, on the value field", () =>
    expect(thrownBy([projectCreated()], addParameter({ value: 'x' }))).toMatchObject({ title: 'Invalid parameter', field: 'value' }));

  it("'Parameter Not Found' for an audited parameter the project does not hold", () =>
    expect(thrownBy([projectCreated()], removeAuditedParameter('scarcity'))).toMatchObject({ title: 'Parameter Not Found', field: 'parameter' }));

  it("'Stage incomplete' for a stage that is not done, a validation error carrying its issues", () => {
    const error = thrownBy([projectCreated()], advanceStage(1));
    expect(error).toBeInstanceOf(StageIncompleteError);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ title: 'Stage incomplete', code: 'validation', issues: expect.any(Array) });
  });

  it('an audience segment error names its field', () =>
    expect(thrownBy([projectCreated()], addAudienceSegment({ reachStrategy: '' }))).toMatchObject({ field: 'reachStrategy' }));

  it('an import error names the project for a missing name', () =>
    expect(thrownBy([projectCreated()], importProject({ stages: [] }))).toMatchObject({ field: 'project', message: 'Invalid project data format' }));

  it('an import error names the broken stage field', () =>
    expect(
      thrownBy(
        [projectCreated()],
        importProject({ projectName: 'x', stages: [{ stageNumber: 3, data: { ideaConcepts: [tipWall({ simplicityScore: 9 })] } }] }),
      ),
    ).toMatchObject({
      field: 'stages.0.data.ideaConcepts.0.simplicityScore',
    }));

  it('an unknown notes field is named', () =>
    expect(thrownBy([projectCreated()], updateStageNotes(3, { concepts: [] }))).toMatchObject({ field: 'concepts' }));
});
