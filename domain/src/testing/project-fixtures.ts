import type { CommandMetadata } from '../decider.ts';
import type {
  AddAudienceSegment,
  ApplyStageResults,
  AddParameter,
  AdvanceStage,
  ClearParameters,
  CreateProject,
  DeleteProject,
  ImportProject,
  ProjectCommand,
  ProposeConcepts,
  RecordFinalPrompt,
  RecordTechnicalReport,
  RemoveAudienceSegment,
  RemoveAuditedParameter,
  RemoveParameter,
  RenameProject,
  ResetProject,
  ResetStage,
  SelectConcept,
  SetCoreIdea,
  SetCurrentStage,
  UpdateStageNotes,
} from '../project/commands.ts';
import type { ParameterListName } from '../project/constants.ts';
import type {
  AudienceSegmentAdded,
  AudienceSegmentRemoved,
  AuditFindingResolved,
  ConceptSelected,
  ConceptsProposed,
  CoreIdeaChanged,
  CurrentStageChanged,
  FinalPromptRecorded,
  ParameterAdded,
  ParameterRemoved,
  ParametersCleared,
  ProjectCreated,
  ProjectDeleted,
  ProjectImported,
  ProjectRenamed,
  ProjectReset,
  ProjectSnapshot,
  StageAdvanced,
  StageNotesUpdated,
  StageReset,
  TechnicalReportRecorded,
} from '../project/events.ts';
import {
  emptyStages,
  technicalReportSchema,
  type AudienceSegment,
  type IdeaConcept,
  type StageNumber,
  type TechnicalReport,
} from '../project/stages.ts';
import type { ProjectState } from '../project/state.ts';

/** Fixed test data for the project decider: one project, its owner, a stranger and a fixed clock. */
export const projectId = '3f1d6a52-54a6-4c5e-9c3a-0d2f8b9e7a10';
export const owner = 'visitor-ann';
export const stranger = 'visitor-mallory';
export const now = '2026-11-23T10:00:00.000Z';
export const defaultParameters = ['Viral', 'Simple Page', 'No Externalities'];

export const metadata = (actorId = owner): CommandMetadata => ({ commandId: 'cmd-1', now, actorId });

const command = <C extends ProjectCommand>(type: C['type'], data: Omit<C['data'], 'projectId'>, actorId = owner): C =>
  ({ type, data: { projectId, ...data }, metadata: metadata(actorId) }) as C;

export const tipWall = (overrides: Partial<IdeaConcept> = {}): IdeaConcept => ({ name: 'Tip Wall', simplicityScore: 4, ...overrides });
export const tippers = (overrides: Partial<AudienceSegment> = {}): AudienceSegment => ({
  name: 'Tippers',
  description: 'People who tip creators they like',
  motivations: ['recognition'],
  reachStrategy: 'Creator shout-outs',
  ...overrides,
});
export const report = (incompatibleParameters: { parameter: string; reason: string }[] = []): TechnicalReport =>
  technicalReportSchema.parse({
    technicalSpecifications: { architecture: 'One static page and a small API', frontend: 'HTML' },
    prototypeStructure: { mvpDefinition: 'A wall that shows tips', coreFeatures: ['tip', 'wall'] },
    parameterAudit: { incompatibleParameters },
    detailedIdea: 'A page where every tip feeds the pool.',
  });

export const createProject = (data: Partial<CreateProject['data']> = {}, actorId = owner): CreateProject =>
  command<CreateProject>('CreateProject', data, actorId);
export const renameProject = (name: string, actorId = owner) => command<RenameProject>('RenameProject', { name }, actorId);
export const deleteProject = (actorId = owner) => command<DeleteProject>('DeleteProject', {}, actorId);
export const setCoreIdea = (coreIdea: string, actorId = owner) => command<SetCoreIdea>('SetCoreIdea', { coreIdea }, actorId);
export const addParameter = (data: Partial<AddParameter['data']> = {}, actorId = owner) =>
  command<AddParameter>('AddParameter', { list: 'parameters', value: 'scarcity', ...data }, actorId);
export const removeParameter = (data: Partial<RemoveParameter['data']> = {}, actorId = owner) =>
  command<RemoveParameter>('RemoveParameter', { list: 'parameters', value: 'scarcity', ...data }, actorId);
export const clearParameters = (list: ParameterListName = 'parameters', actorId = owner) =>
  command<ClearParameters>('ClearParameters', { list }, actorId);
/** Fields are loosely typed on purpose: tests also send what the schema would refuse. */
export const updateStageNotes = (stage: StageNumber, fields: Record<string, unknown>, actorId = owner) =>
  command<UpdateStageNotes>('UpdateStageNotes', { stage, fields }, actorId);
export const addAudienceSegment = (data: Partial<AddAudienceSegment['data']> = {}, actorId = owner) =>
  command<AddAudienceSegment>('AddAudienceSegment', { ...tippers(), ...data }, actorId);
export const removeAudienceSegment = (index: number, actorId = owner) => command<RemoveAudienceSegment>('RemoveAudienceSegment', { index }, actorId);
export const proposeConcepts = (concepts: ProposeConcepts['data']['concepts'], actorId = owner) =>
  command<ProposeConcepts>('ProposeConcepts', { concepts }, actorId);
export const selectConcept = (index: number, actorId = owner) => command<SelectConcept>('SelectConcept', { index }, actorId);
export const advanceStage = (fromStage: StageNumber, continueAnyway?: boolean, actorId = owner) =>
  command<AdvanceStage>('AdvanceStage', { fromStage, ...(continueAnyway === undefined ? {} : { continueAnyway }) }, actorId);
export const setCurrentStage = (stage: StageNumber, actorId = owner) => command<SetCurrentStage>('SetCurrentStage', { stage }, actorId);
export const resetStage = (stage: StageNumber, actorId = owner) => command<ResetStage>('ResetStage', { stage }, actorId);
export const resetProject = (actorId = owner) => command<ResetProject>('ResetProject', {}, actorId);
export const importProject = (file: Record<string, unknown>, actorId = owner) => command<ImportProject>('ImportProject', file, actorId);
export const recordTechnicalReport = (value: TechnicalReport = report(), actorId = owner) =>
  command<RecordTechnicalReport>('RecordTechnicalReport', { report: value }, actorId);
export const recordFinalPrompt = (prompt: string, actorId = owner) => command<RecordFinalPrompt>('RecordFinalPrompt', { prompt }, actorId);
export const applyStageResults = (stage: ApplyStageResults['data']['stage'], results: Record<string, unknown>, actorId = owner) =>
  command<ApplyStageResults>('ApplyStageResults', { stage, results }, actorId);
export const removeAuditedParameter = (parameter: string, actorId = owner) =>
  command<RemoveAuditedParameter>('RemoveAuditedParameter', { parameter }, actorId);

export const projectCreated = (data: Partial<ProjectCreated['data']> = {}): ProjectCreated => ({
  type: 'ProjectCreated',
  data: { projectId, ownerId: owner, name: 'New Viral Idea', coreIdea: '', parameters: [...defaultParameters], createdAt: now, ...data },
});
export const projectRenamed = (name: string, previousName = 'New Viral Idea'): ProjectRenamed => ({
  type: 'ProjectRenamed',
  data: { projectId, name, previousName, renamedAt: now },
});
export const projectDeleted = (name = 'New Viral Idea'): ProjectDeleted => ({
  type: 'ProjectDeleted',
  data: { projectId, name, deletedAt: now },
});
export const coreIdeaChanged = (coreIdea: string, previousCoreIdea = ''): CoreIdeaChanged => ({
  type: 'CoreIdeaChanged',
  data: { projectId, coreIdea, previousCoreIdea, changedAt: now },
});
export const parameterAdded = (data: Partial<ParameterAdded['data']> = {}): ParameterAdded => ({
  type: 'ParameterAdded',
  data: { projectId, list: 'parameters', value: 'scarcity', addedAt: now, ...data },
});
export const parameterRemoved = (data: Partial<ParameterRemoved['data']> = {}): ParameterRemoved => ({
  type: 'ParameterRemoved',
  data: { projectId, list: 'parameters', value: 'scarcity', reason: 'user', removedAt: now, ...data },
});
export const parametersCleared = (list: ParameterListName, values: string[]): ParametersCleared => ({
  type: 'ParametersCleared',
  data: { projectId, list, values, clearedAt: now },
});
export const auditFindingResolved = (parameter: string, reason: string): AuditFindingResolved => ({
  type: 'AuditFindingResolved',
  data: { projectId, parameter, reason, resolvedAt: now },
});
export const stageNotesUpdated = (stage: StageNumber, fields: Record<string, unknown>, previous: Record<string, unknown>) =>
  ({ type: 'StageNotesUpdated', data: { projectId, stage, fields, previous, updatedAt: now } }) as StageNotesUpdated;
export const audienceSegmentAdded = (segment: AudienceSegment = tippers(), index = 0): AudienceSegmentAdded => ({
  type: 'AudienceSegmentAdded',
  data: { projectId, index, segment, addedAt: now },
});
export const audienceSegmentRemoved = (segment: AudienceSegment, index: number): AudienceSegmentRemoved => ({
  type: 'AudienceSegmentRemoved',
  data: { projectId, index, segment, removedAt: now },
});
export const conceptsProposed = (concepts: IdeaConcept[], firstIndex = 0): ConceptsProposed => ({
  type: 'ConceptsProposed',
  data: { projectId, concepts, firstIndex, proposedAt: now },
});
export const conceptSelected = (index: number, conceptName: string, previousIndex: number | null = null): ConceptSelected => ({
  type: 'ConceptSelected',
  data: { projectId, index, conceptName, previousIndex, selectedAt: now },
});
export const stageAdvanced = (fromStage: StageNumber, issues: string[] = []): StageAdvanced => ({
  type: 'StageAdvanced',
  data: {
    projectId,
    fromStage,
    toStage: (fromStage + 1) as StageNumber,
    skippedValidation: issues.length > 0,
    issues,
    advancedAt: now,
  },
});
export const currentStageChanged = (stage: StageNumber, previousStage: StageNumber = 1): CurrentStageChanged => ({
  type: 'CurrentStageChanged',
  data: { projectId, stage, previousStage, changedAt: now },
});
export const stageReset = (stage: StageNumber, clearedFields: string[]): StageReset => ({
  type: 'StageReset',
  data: { projectId, stage, clearedFields, resetAt: now },
});
export const projectReset = (): ProjectReset => ({
  type: 'ProjectReset',
  data: { projectId, name: 'New Viral Idea', coreIdea: '', parameters: [...defaultParameters], resetAt: now },
});
export const projectImported = (snapshot: ProjectSnapshot): ProjectImported => ({
  type: 'ProjectImported',
  data: { projectId, snapshot, importedAt: now },
});
export const technicalReportRecorded = (value: TechnicalReport = report()): TechnicalReportRecorded => ({
  type: 'TechnicalReportRecorded',
  data: { projectId, report: value, recordedAt: now },
});
export const finalPromptRecorded = (prompt: string): FinalPromptRecorded => ({
  type: 'FinalPromptRecorded',
  data: { projectId, prompt, recordedAt: now },
});

/** A snapshot of a fresh project, to change in one place per test. */
export const snapshot = (overrides: Partial<ProjectSnapshot> = {}): ProjectSnapshot => ({
  name: 'New Viral Idea',
  coreIdea: '',
  parameters: [...defaultParameters],
  currentStageIndex: 1,
  stages: emptyStages(),
  ...overrides,
});

/** A folded project without its revision bookkeeping: for tests about what the project holds, not when it changed. */
export const contentOf = (state: ProjectState) => {
  if (state.status !== 'active') return state;
  const { revision: _revision, textRevisions: _textRevisions, ...content } = state;
  return content;
};
