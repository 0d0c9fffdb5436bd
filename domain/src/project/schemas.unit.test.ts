import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  addAudienceSegment,
  addParameter,
  advanceStage,
  clearParameters,
  createProject,
  importProject,
  proposeConcepts,
  recordFinalPrompt,
  recordTechnicalReport,
  removeAudienceSegment,
  removeAuditedParameter,
  removeParameter,
  renameProject,
  report,
  resetProject,
  resetStage,
  selectConcept,
  setCoreIdea,
  setCurrentStage,
  tipWall,
  updateStageNotes,
  metadata,
  owner,
  projectId,
} from '../testing/project-fixtures.ts';
import {
  recordAiPrompt,
  recordAiReport,
  recordAiResults,
  recordAiSuggestions,
  recordGeminiKeyVerification,
  removeGeminiKey,
  setGeminiKey,
} from '../testing/project-ai-fixtures.ts';
import {
  addBuilderParameter,
  clearBuilderParameters,
  completeBuilderStep,
  finishBuilder,
  goToBuilderStep,
  recordBuilderPrompt,
  removeBuilderParameter,
  reopenBuilder,
  setBuilderCoreIdea,
  setBuilderViralMechanics,
} from '../testing/project-builder-fixtures.ts';
import { addBuilderParameterSchema, completeBuilderStepSchema } from './builder-commands.ts';
import {
  addAudienceSegmentSchema,
  advanceStageSchema,
  importProjectSchema,
  projectCommandSchemas,
  proposeConceptsSchema,
  updateStageNotesSchema,
  type ProjectCommand,
} from './commands.ts';
import { PARAMETER_LISTS } from './constants.ts';
import { projectDecider } from './decide.ts';
import { PROJECT_EVENT_TYPES, projectEventSchemas, type ProjectEvent } from './events.ts';
import {
  emptyStage,
  filledStageFields,
  STAGE_DEFAULTS,
  STAGE_NUMBERS,
  STAGE_TITLES,
  stageDataSchemas,
  stageNotesSchemas,
  type StageNumber,
} from './stages.ts';

describe('stage definitions', () => {
  it('titles the six stages as variant C does', () =>
    expect(STAGE_TITLES).toEqual({
      1: 'Research & Understanding',
      2: 'Reward & Sustainability Analysis',
      3: 'Ideation',
      4: 'Mechanics',
      5: 'Refinement',
      6: 'Technical',
    }));

  it.each(STAGE_NUMBERS)('stage %i: the defaults are valid stage data and name every field of the schema', (stage) => {
    expect(stageDataSchemas[stage].parse(STAGE_DEFAULTS[stage])).toEqual(STAGE_DEFAULTS[stage]);
    expect(Object.keys(STAGE_DEFAULTS[stage]).sort()).toEqual(Object.keys(stageDataSchemas[stage].shape).sort());
  });

  it.each(STAGE_NUMBERS)('stage %i: every notes field is a stage data field', (stage) => {
    const dataFields = Object.keys(stageDataSchemas[stage].shape);
    for (const field of Object.keys(stageNotesSchemas[stage].shape)) expect(dataFields).toContain(field);
  });

  it.each([1, 2] as const)('stage %i holds exactly the parameter lists PARAMETER_LISTS gives it', (stage) => {
    const lists = Object.entries(PARAMETER_LISTS)
      .filter(([, definition]) => definition.stage === stage)
      .map(([list]) => list);
    expect(Object.keys(stageDataSchemas[stage].shape).filter((field) => field.endsWith('Parameters'))).toEqual(lists);
  });

  it('hands out fresh copies of the defaults', () => {
    const stage = emptyStage(5);
    stage.targetAudience.push('creators');
    stage.webpageElements.otherElements.push({ name: 'x', description: '' });
    expect(STAGE_DEFAULTS[5].targetAudience).toEqual([]);
    expect(STAGE_DEFAULTS[5].webpageElements.otherElements).toEqual([]);
  });

  it('names the fields of a stage that hold content', () => {
    expect(filledStageFields(4, { ...emptyStage(4), rewardFlow: 'pool' })).toEqual(['rewardFlow']);
    expect(filledStageFields(3, emptyStage(3))).toEqual([]);
  });
});

describe('event schemas', () => {
  const scenario: ProjectCommand[] = [
    createProject(),
    renameProject('Tip Jar'),
    setCoreIdea('a page that pays'),
    addParameter({ list: 'viralParameters', value: 'FOMO' }),
    addParameter({ list: 'rewardSourceParameters', value: 'tips' }),
    removeParameter({ value: 'Viral' }),
    clearParameters('parameters'),
    addParameter({ list: 'parameters', value: 'No Externalities' }),
    updateStageNotes(1, { keyResources: [{ url: 'https://nano.org' }] }),
    updateStageNotes(5, { webpageElements: { headline: 'Tip' } }),
    addAudienceSegment(),
    addAudienceSegment({ name: 'Artists' }),
    removeAudienceSegment(1),
    proposeConcepts([tipWall(), { name: 'Echo', simplicityScore: 0, viralHook: 'echo' }]),
    selectConcept(1),
    updateStageNotes(4, { rewardSource: 'tips' }),
    { type: 'ProposeStageDrafts', data: { projectId, stage: 4, requestId: 'ai-1', drafts: { rewardSource: 'pool' } }, metadata: metadata() },
    { type: 'ResolveDraftProposal', data: { projectId, requestId: 'ai-1', field: 'rewardSource', choice: 'append' }, metadata: metadata() },
    { type: 'UpdateConcept', data: { projectId, index: 0, concept: { name: 'Tip Wall 2', simplicityScore: 1 } }, metadata: metadata() },
    { type: 'RemoveConcept', data: { projectId, index: 0 }, metadata: metadata() },
    advanceStage(1),
    advanceStage(2),
    setCurrentStage(4),
    recordTechnicalReport(report([{ parameter: 'No Externalities', reason: 'needs a processor' }])),
    removeAuditedParameter('No Externalities'),
    recordFinalPrompt('Build it'),
    recordAiSuggestions(),
    recordAiPrompt(),
    recordAiReport(),
    recordAiResults(),
    setGeminiKey(),
    recordGeminiKeyVerification(true),
    removeGeminiKey(),
    resetStage(3),
    importProject({ projectName: 'Other', stages: [{ stageNumber: 4, data: { rewardFlow: 'pool' } }] }),
    resetProject(),
    { type: 'TransferProject', data: { projectId, fromOwnerId: owner }, metadata: metadata('user-ann') },
    { type: 'DeleteProject', data: { projectId }, metadata: metadata('user-ann') },
  ];
  /** The nine-step builder's commands, on a builder project of its own. */
  const builderScenario: ProjectCommand[] = [
    createProject({ kind: 'builder' }),
    setBuilderCoreIdea('a wall of tips'),
    setBuilderViralMechanics('every tip is shown to everyone'),
    addBuilderParameter('technical', 'Cloudflare Workers and KV'),
    removeBuilderParameter('technical', 'Cloudflare Workers and'),
    addBuilderParameter('emotion', 'pride'),
    clearBuilderParameters('emotion'),
    completeBuilderStep(1),
    goToBuilderStep(1),
    recordBuilderPrompt('Build a tip wall', 'req-1'),
    finishBuilder(95),
    reopenBuilder(),
  ];
  const events: ProjectEvent[] = [];
  /** Restores and an undo: their commands carry the past the server reads from the log, folded here. */
  const recovery: ProjectEvent[] = [];
  const recoveryCommands: ((history: ProjectEvent[]) => ProjectCommand)[] = [
    () => createProject(),
    () => clearParameters(),
    (history) => ({
      type: 'UndoParameterRemoval',
      data: { projectId, revision: 1, before: fold(projectDecider, history.slice(0, 1)), change: history[1]! },
      metadata: metadata(),
    }),
    (history) => ({
      type: 'RestoreProjectVersion',
      data: { projectId, revision: 1, version: fold(projectDecider, history.slice(0, 2)) },
      metadata: metadata(),
    }),
    () => ({ type: 'DeleteProject', data: { projectId }, metadata: metadata() }),
    () => ({ type: 'RestoreDeletedProject', data: { projectId }, metadata: metadata() }),
  ];
  for (const next of recoveryCommands) recovery.push(...projectDecider.decide(next(recovery), fold(projectDecider, recovery)));
  events.push(...recovery);
  /** A builder category's Clear All undone. */
  const builderRecovery: ProjectEvent[] = [];
  const builderRecoveryCommands: ((history: ProjectEvent[]) => ProjectCommand)[] = [
    () => createProject({ kind: 'builder' }),
    () => addBuilderParameter('emotion', 'pride'),
    () => clearBuilderParameters('emotion'),
    (history) => ({
      type: 'UndoParameterRemoval',
      data: { projectId, revision: 2, before: fold(projectDecider, history.slice(0, 2)), change: history[2]! },
      metadata: metadata(),
    }),
  ];
  for (const next of builderRecoveryCommands) {
    builderRecovery.push(...projectDecider.decide(next(builderRecovery), fold(projectDecider, builderRecovery)));
  }
  events.push(...builderRecovery);
  for (const commands of [scenario, builderScenario]) {
    commands.reduce((state, command) => {
      const decided = projectDecider.decide(command, state);
      events.push(...decided);
      return decided.reduce(projectDecider.evolve, state);
    }, projectDecider.initialState());
  }

  it('the scenario produces every event type', () => expect(new Set(events.map((event) => event.type))).toEqual(new Set(PROJECT_EVENT_TYPES)));

  it.each(events.map((event) => [event.type, event] as const))('%s as decided is valid against its schema, unchanged', (type, event) =>
    expect(projectEventSchemas[type].parse(JSON.parse(JSON.stringify(event.data)))).toEqual(event.data),
  );
});

describe('command schemas, as the HTTP layer uses them', () => {
  it('has one schema per command', () => expect(Object.keys(projectCommandSchemas)).toHaveLength(47));

  it('takes a builder step from 1 to 9 only', () => {
    expect(completeBuilderStepSchema.safeParse({ projectId: 'p', step: 9 }).success).toBe(true);
    expect(completeBuilderStepSchema.safeParse({ projectId: 'p', step: 10 }).success).toBe(false);
    expect(addBuilderParameterSchema.safeParse({ projectId: 'p', category: 'viral', value: 'x' }).success).toBe(false);
  });

  it('refuses an unknown field', () => expect(advanceStageSchema.safeParse({ projectId: 'p', fromStage: 1, skip: true }).success).toBe(false));

  it.each([0, 7, 2.5, '2'])('refuses stage %j', (fromStage) =>
    expect(advanceStageSchema.safeParse({ projectId: 'p', fromStage }).success).toBe(false),
  );

  it("refuses notes that belong to another stage's screen", () => {
    expect(updateStageNotesSchema.safeParse({ projectId: 'p', stage: 4, fields: { rewardFlow: 'pool' } }).success).toBe(true);
    expect(updateStageNotesSchema.safeParse({ projectId: 'p', stage: 4, fields: { oneLinerPitch: 'x' } }).success).toBe(false);
  });

  it('fills missing segment texts so the decider answers with the spec messages', () =>
    expect(addAudienceSegmentSchema.parse({ projectId: 'p' })).toEqual({ projectId: 'p', name: '', description: '', reachStrategy: '' }));

  it('refuses a simplicity score outside 0 to 5', () =>
    expect(proposeConceptsSchema.safeParse({ projectId: 'p', concepts: [{ name: 'x', simplicityScore: 6 }] }).success).toBe(false));

  it('takes any export file, dropping fields it does not know, and leaves judging it to the decider', () => {
    expect(importProjectSchema.parse({ projectId: 'p', projectName: 'x', stages: [], aiApiKey: 'secret' })).toEqual({
      projectId: 'p',
      projectName: 'x',
      stages: [],
    });
    expect(importProjectSchema.safeParse({ projectId: 'p' }).success).toBe(true);
  });
});

it('stage numbers are 1 to 6', () => expect(STAGE_NUMBERS).toEqual([1, 2, 3, 4, 5, 6] satisfies StageNumber[]));
