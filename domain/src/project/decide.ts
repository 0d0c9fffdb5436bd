import type { Decider } from '../decider.ts';
import { ConflictError, NotFoundError, StageIncompleteError, ValidationError } from '../errors.ts';
import type {
  AddAudienceSegment,
  ApplyStageResults,
  ApplyQuickIdea,
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
  TransferProject,
  ResetProject,
  ResetStage,
  SelectConcept,
  SetCoreIdea,
  SetCurrentStage,
  UpdateStageNotes,
} from './commands.ts';
import {
  DEFAULT_AI_KEY_STATUS,
  DEFAULT_PARAMETERS,
  DEFAULT_PROJECT_NAME,
  LAST_STAGE,
  DUPLICATE_PARAMETER_MESSAGE,
  DUPLICATE_SEGMENT_MESSAGE,
  LIST_FULL_MESSAGE,
  MAX_LIST_ITEMS,
  MAX_SIMPLICITY_SCORE,
  MIN_PARAMETER_LENGTH,
  MIN_SIMPLICITY_SCORE,
  PARAMETER_LIST_NAMES,
  PARAMETER_LISTS,
  STARTING_VIRAL_TRIGGERS,
} from './constants.ts';
import { countWords, DEFAULT_BUILDER_PROJECT_NAME, type ProjectKind } from './builder.ts';
import { maxWordsOfList } from '../ai/parameter-kinds.ts';
import { decideProjectAi } from './decide-ai.ts';
import { decideProjectBuilder, requireProjectOfKind } from './decide-builder.ts';
import type { SetBuilderCoreIdea } from './builder-commands.ts';
import type { ProjectEvent, ProjectSnapshot, StageNotesUpdated } from './events.ts';
import { parseProjectExport } from './export.ts';
import { restoreDeletedProject, restoreProjectVersion, undoParameterRemoval } from './recovery.ts';
import { sameValue } from './same-value.ts';
import { renameFromCoreIdea } from './naming.ts';
import { evolveWithSizeBound, withinProjectSize } from './size.ts';
import { decideStageDrafts, DUPLICATE_CONCEPT_MESSAGE } from './stage-drafts.ts';
import { stageResultCommands } from './stage-results.ts';
import { quickIdeaFillCommands } from './quick-idea-fill.ts';
import { emptyStage, emptyStages, filledStageFields, stageNotesPatchSchemas, type IdeaConcept, type StageNumber } from './stages.ts';
import { evolveProject, initialProjectState, parameterListOf, type ActiveProjectState, type ProjectState } from './state.ts';
import { uniqueItems } from './text.ts';
import { baseValuesOf, isPlainObject, notePath, refuseStaleTextEdit } from './text-edits.ts';
import { audienceSegmentRequirements, stageIssues } from './validation.ts';

/**
 * Which kind of project each command works on; null: either kind. A guided stage's command on a builder project
 * (or a builder step's on a guided one) would change data that project never shows, so it is refused.
 */
const KIND_OF_COMMAND: Record<ProjectCommand['type'], ProjectKind | null> = {
  CreateProject: null,
  RenameProject: null,
  TransferProject: null,
  DeleteProject: null,
  SetCoreIdea: 'guided',
  AddParameter: 'guided',
  RemoveParameter: 'guided',
  ClearParameters: 'guided',
  UpdateStageNotes: 'guided',
  AddAudienceSegment: 'guided',
  RemoveAudienceSegment: 'guided',
  ProposeConcepts: 'guided',
  SelectConcept: 'guided',
  AdvanceStage: 'guided',
  SetCurrentStage: 'guided',
  ResetStage: 'guided',
  ResetProject: 'guided',
  ImportProject: 'guided',
  RecordTechnicalReport: 'guided',
  RecordFinalPrompt: 'guided',
  RemoveAuditedParameter: 'guided',
  ApplyStageResults: 'guided',
  ApplyQuickIdea: 'guided',
  RestoreProjectVersion: null,
  RestoreDeletedProject: null,
  // Either kind: the removal it takes back says which list, a guided one or a builder category.
  UndoParameterRemoval: null,
  SetBuilderCoreIdea: 'builder',
  SetBuilderViralMechanics: 'builder',
  AddBuilderParameter: 'builder',
  RemoveBuilderParameter: 'builder',
  ClearBuilderParameters: 'builder',
  CompleteBuilderStep: 'builder',
  GoToBuilderStep: 'builder',
  RecordBuilderPrompt: 'builder',
  FinishBuilder: 'builder',
  ReopenBuilder: 'builder',
  // What the AI answered is history on either kind; a project's own Gemini key serves both.
  RecordAiSuggestions: null,
  RecordAiPrompt: null,
  RecordAiReport: null,
  RecordAiResults: null,
  SetGeminiKey: null,
  RecordGeminiKeyVerification: null,
  RemoveGeminiKey: null,
  ProposeStageDrafts: 'guided',
  ResolveDraftProposal: 'guided',
  UpdateConcept: 'guided',
  RemoveConcept: 'guided',
};

export const decideProject = (command: ProjectCommand, state: ProjectState): ProjectEvent[] => {
  const kind = KIND_OF_COMMAND[command.type];
  if (kind) requireProjectOfKind(state, command.data.projectId, command.metadata.actorId, kind);
  switch (command.type) {
    case 'CreateProject':
      return createProject(command, state);
    case 'RenameProject':
      return renameProject(command, state);
    case 'TransferProject':
      return transferProject(command, state);
    case 'DeleteProject':
      return deleteProject(command, state);
    case 'SetCoreIdea':
      return setCoreIdea(command, state);
    case 'AddParameter':
      return addParameter(command, state);
    case 'RemoveParameter':
      return removeParameter(command, state);
    case 'ClearParameters':
      return clearParameters(command, state);
    case 'UpdateStageNotes':
      return updateStageNotes(command, state);
    case 'AddAudienceSegment':
      return addAudienceSegment(command, state);
    case 'RemoveAudienceSegment':
      return removeAudienceSegment(command, state);
    case 'ProposeConcepts':
      return proposeConcepts(command, state);
    case 'SelectConcept':
      return selectConcept(command, state);
    case 'AdvanceStage':
      return advanceStage(command, state);
    case 'SetCurrentStage':
      return setCurrentStage(command, state);
    case 'ResetStage':
      return resetStage(command, state);
    case 'ResetProject':
      return resetProject(command, state);
    case 'ImportProject':
      return importProject(command, state);
    case 'RecordTechnicalReport':
      return recordTechnicalReport(command, state);
    case 'RecordFinalPrompt':
      return recordFinalPrompt(command, state);
    case 'RemoveAuditedParameter':
      return removeAuditedParameter(command, state);
    case 'ApplyStageResults':
      return applyStageResults(command, state);
    case 'ApplyQuickIdea':
      return applyQuickIdea(command, state);
    case 'RestoreProjectVersion':
      return restoreProjectVersion(command, state);
    case 'RestoreDeletedProject':
      return restoreDeletedProject(command, state);
    case 'UndoParameterRemoval':
      return undoParameterRemoval(command, state);
    case 'SetBuilderCoreIdea':
      return setBuilderCoreIdea(command, state);
    case 'SetBuilderViralMechanics':
    case 'AddBuilderParameter':
    case 'RemoveBuilderParameter':
    case 'ClearBuilderParameters':
    case 'CompleteBuilderStep':
    case 'GoToBuilderStep':
    case 'RecordBuilderPrompt':
    case 'FinishBuilder':
    case 'ReopenBuilder':
      return decideProjectBuilder(command, state);
    case 'RecordAiSuggestions':
    case 'RecordAiPrompt':
    case 'RecordAiReport':
    case 'RecordAiResults':
    case 'SetGeminiKey':
    case 'RecordGeminiKeyVerification':
    case 'RemoveGeminiKey':
      return decideProjectAi(command, state);
    case 'ProposeStageDrafts':
    case 'ResolveDraftProposal':
    case 'UpdateConcept':
    case 'RemoveConcept':
      return decideStageDrafts(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/**
 * Another owner's project is reported as missing, not forbidden, so that ids cannot be probed.
 */
const requireOwnedProject = (state: ProjectState, projectId: string, actorId: string): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

/**
 * A builder project keeps its idea in the builder (spec 02 §2.6): it starts without the guided core idea and the
 * variant C parameters, and says its kind; a guided project's event stays as it always was, without one.
 */
const createProject = ({ data, metadata }: CreateProject, state: ProjectState): ProjectEvent[] => {
  if (state.status !== 'empty') throw new ConflictError(`Project ${data.projectId} already exists`);
  const common = { projectId: data.projectId, ownerId: metadata.actorId, createdAt: metadata.now };
  if (data.kind === 'builder') {
    if (data.coreIdea?.trim()) throw new ValidationError('coreIdea', "A builder project's core idea is set on its first step");
    return [
      {
        type: 'ProjectCreated',
        data: { ...common, name: data.name?.trim() || DEFAULT_BUILDER_PROJECT_NAME, coreIdea: '', parameters: [], kind: 'builder' },
      },
    ];
  }
  return [
    {
      type: 'ProjectCreated',
      data: {
        projectId: data.projectId,
        ownerId: metadata.actorId,
        name: data.name?.trim() || DEFAULT_PROJECT_NAME,
        coreIdea: data.coreIdea?.trim() ?? '',
        parameters: [...DEFAULT_PARAMETERS],
        viralParameters: [...STARTING_VIRAL_TRIGGERS],
        createdAt: metadata.now,
      },
    },
  ];
};

/** Only to a user, only from the visitor who owns it; moving it again to the same user changes nothing. */
const transferProject = ({ data, metadata }: TransferProject, state: ProjectState): ProjectEvent[] => {
  if (!metadata.actorId.startsWith('user-')) throw new ValidationError('actorId', 'Projects move only to a signed-in user');
  if (state.status === 'active' && state.ownerId === metadata.actorId) return [];
  requireOwnedProject(state, data.projectId, data.fromOwnerId);
  return [
    {
      type: 'ProjectTransferred',
      data: { projectId: data.projectId, fromOwnerId: data.fromOwnerId, toOwnerId: metadata.actorId, transferredAt: metadata.now },
    },
  ];
};

const renameProject = ({ data, metadata }: RenameProject, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const name = data.name.trim();
  if (name === '') throw new ValidationError('name', 'Project name is required');
  if (name === project.name) return [];
  refuseStaleTextEdit(project, data.baseRevision, [['name', name]], baseValuesOf('name', data.baseValue?.trim()));
  return [{ type: 'ProjectRenamed', data: { projectId: data.projectId, name, previousName: project.name, renamedAt: metadata.now } }];
};

/**
 * Only its owner deletes a project; to anyone else it is missing, deleted or not. Deleting it again is what a
 * second click or a retried request does: nothing to refuse, nothing to record.
 */
const deleteProject = ({ data, metadata }: DeleteProject, state: ProjectState): ProjectEvent[] => {
  if (state.status === 'deleted' && state.ownerId === metadata.actorId) return [];
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  return [{ type: 'ProjectDeleted', data: { projectId: data.projectId, name: project.name, deletedAt: metadata.now } }];
};

const setCoreIdea = ({ data, metadata }: SetCoreIdea, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const coreIdea = data.coreIdea.trim();
  if (coreIdea === project.coreIdea) return [];
  refuseStaleTextEdit(project, data.baseRevision, [['coreIdea', coreIdea]], baseValuesOf('coreIdea', data.baseValue?.trim()));
  return [
    {
      type: 'CoreIdeaChanged',
      data: { projectId: data.projectId, coreIdea, previousCoreIdea: project.coreIdea, changedAt: metadata.now },
    },
    ...renameFromCoreIdea(project, coreIdea, data.takenNames, metadata.now),
  ];
};

/** The builder's idea names its project as a guided core idea does (naming.ts). */
const setBuilderCoreIdea = (command: SetBuilderCoreIdea, state: ProjectState): ProjectEvent[] => {
  const events: ProjectEvent[] = decideProjectBuilder(command, state);
  const changed = events.find((event) => event.type === 'BuilderCoreIdeaChanged');
  if (!changed || state.status !== 'active') return events;
  return [...events, ...renameFromCoreIdea(state, changed.data.coreIdea, command.data.takenNames, command.metadata.now)];
};

const addParameter = ({ data, metadata }: AddParameter, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const value = data.value.trim();
  // An empty value is ignored rather than refused (spec §5): the input simply had nothing in it.
  if (value === '') return [];
  if (value.length < MIN_PARAMETER_LENGTH) {
    throw new ValidationError('value', 'Parameter must be at least 2 characters', 'Invalid parameter');
  }
  refuseTooManyWords(data.list, value);
  // An exact repeat is dropped, not refused: the spec says so (§5, variant C).
  const existing = parameterListOf(project, data.list);
  if (existing.includes(value)) return [];
  const lower = value.toLocaleLowerCase();
  if (existing.some((other) => other.toLocaleLowerCase() === lower)) {
    throw new ValidationError('value', DUPLICATE_PARAMETER_MESSAGE, 'Duplicate parameter');
  }
  assertListHasRoom(project, data.list);
  return [{ type: 'ParameterAdded', data: { projectId: data.projectId, list: data.list, value, addedAt: metadata.now } }];
};

/**
 * A guided list's value has at most its list's words (3, 4, 6 or 8). Refused, not cut: the screen keeps only the
 * first words before it sends, so more came from elsewhere, and an API client must not have its text changed
 * behind its back. The AI's results are cut before they get here (stage-results.ts, the suggestion routes).
 */
const refuseTooManyWords = (list: AddParameter['data']['list'], value: string) => {
  const max = maxWordsOfList(list);
  const words = countWords(value);
  if (max !== null && words > max) {
    const message = `${PARAMETER_LISTS[list].title}: a parameter must be at most ${max} words (it has ${words})`;
    throw new ValidationError('value', message, 'Parameter too long');
  }
};

/**
 * A list takes one more value: checked by AddParameter, and by an AI request that adds its suggestions before
 * it charges anything (a request that could only be refused must cost nothing).
 */
export const assertListHasRoom = (project: ActiveProjectState, list: AddParameter['data']['list']) => {
  if (parameterListOf(project, list).length >= MAX_LIST_ITEMS) throw new ValidationError('list', LIST_FULL_MESSAGE, 'List full');
};

const removeParameter = ({ data, metadata }: RemoveParameter, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const value = data.value.trim();
  // Removing what is already gone is what a second click on a chip does; nothing to refuse.
  if (!parameterListOf(project, data.list).includes(value)) return [];
  return [{ type: 'ParameterRemoved', data: { projectId: data.projectId, list: data.list, value, reason: 'user', removedAt: metadata.now } }];
};

const clearParameters = ({ data, metadata }: ClearParameters, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const values = parameterListOf(project, data.list);
  if (values.length === 0) return [];
  return [{ type: 'ParametersCleared', data: { projectId: data.projectId, list: data.list, values: [...values], clearedAt: metadata.now } }];
};

/**
 * Notes are kept as typed, untrimmed: they are saved while the user is still typing, and trimming would eat
 * the space before the next word.
 */
const updateStageNotes = ({ data, metadata }: UpdateStageNotes, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const current = project.stages[data.stage] as Record<string, unknown>;
  const named = Object.entries(checkedNotes(data.stage, data.fields)).filter(([, value]) => value !== undefined);
  // An object's texts (stage 5's page) may come a few at a time: the ones not named stay as stored.
  const merged = named.map(([field, value]) => [field, isPlainObject(value) ? { ...(current[field] as object), ...value } : value] as const);
  const changed = merged.filter(([field, value]) => !sameValue(current[field], value));
  if (changed.length === 0) return [];
  refuseStaleTextEdit(
    project,
    data.baseRevision,
    named.map(([field, value]) => [notePath(data.stage, field), value]),
    Object.fromEntries(
      Object.entries(data.baseFields ?? {}).flatMap(([field, value]) => Object.entries(baseValuesOf(notePath(data.stage, field), value))),
    ),
  );
  const event = {
    type: 'StageNotesUpdated',
    data: {
      projectId: data.projectId,
      stage: data.stage,
      fields: Object.fromEntries(changed),
      previous: Object.fromEntries(changed.map(([field]) => [field, current[field]])),
      updatedAt: metadata.now,
    },
  };
  // The fields were just checked against this very stage's notes schema.
  return [event as StageNotesUpdated];
};

/** Checked here as well as at the edge: a command can be built by code that never saw the HTTP schema. */
const checkedNotes = (stage: StageNumber, fields: unknown): Record<string, unknown> => {
  const result = stageNotesPatchSchemas[stage].partial().safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw new ValidationError(issue.keys[0] ?? 'fields', `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`);
  }
  const field = issue.path.join('.');
  throw new ValidationError(field, `${field}: ${issue.message}`);
};

const addAudienceSegment = ({ data, metadata }: AddAudienceSegment, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  if (project.stages[2].audienceSegments.length >= MAX_LIST_ITEMS) throw new ValidationError('segments', LIST_FULL_MESSAGE, 'List full');
  const segment = {
    name: data.name.trim(),
    description: data.description.trim(),
    motivations: uniqueItems(data.motivations ?? []),
    reachStrategy: data.reachStrategy.trim(),
  };
  const check = audienceSegmentRequirements.safeParse(segment);
  if (!check.success) {
    const issue = check.error.issues[0]!;
    throw new ValidationError(String(issue.path[0]), issue.message);
  }
  // Segments are told apart by name (the final prompt, the context panel): 'artists' beside 'Artists' is one segment.
  const name = segment.name.toLocaleLowerCase();
  if (project.stages[2].audienceSegments.some((other) => other.name.toLocaleLowerCase() === name)) {
    throw new ValidationError('name', DUPLICATE_SEGMENT_MESSAGE, 'Duplicate segment');
  }
  return [
    {
      type: 'AudienceSegmentAdded',
      data: { projectId: data.projectId, index: project.stages[2].audienceSegments.length, segment, addedAt: metadata.now },
    },
  ];
};

const removeAudienceSegment = ({ data, metadata }: RemoveAudienceSegment, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const segment = project.stages[2].audienceSegments[data.index];
  if (!segment) throw new ValidationError('index', 'Audience segment not found');
  return [{ type: 'AudienceSegmentRemoved', data: { projectId: data.projectId, index: data.index, segment, removedAt: metadata.now } }];
};

/**
 * Two concepts of one name could not be told apart on stage 3 or in the final prompt, so a repeated name is
 * refused, naming the concept's field; the AI's batches leave out names the list has before they get here.
 */
const proposeConcepts = ({ data, metadata }: ProposeConcepts, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const existing = project.stages[3].ideaConcepts;
  const names = new Set(existing.map((concept) => concept.name));
  const concepts: IdeaConcept[] = [];
  data.concepts.forEach((proposed, index) => {
    const concept = checkedConcept(proposed, index);
    if (names.has(concept.name)) throw new ValidationError(`concepts.${index}.name`, DUPLICATE_CONCEPT_MESSAGE);
    names.add(concept.name);
    concepts.push(concept);
  });
  if (concepts.length === 0) return [];
  return [{ type: 'ConceptsProposed', data: { projectId: data.projectId, concepts, firstIndex: existing.length, proposedAt: metadata.now } }];
};

const checkedConcept = (proposed: ProposeConcepts['data']['concepts'][number], index: number): IdeaConcept => {
  const name = proposed.name.trim();
  if (name === '') throw new ValidationError(`concepts.${index}.name`, 'Concept name is required');
  const score = proposed.simplicityScore;
  if (!Number.isInteger(score) || score < MIN_SIMPLICITY_SCORE || score > MAX_SIMPLICITY_SCORE) {
    throw new ValidationError(`concepts.${index}.simplicityScore`, 'Simplicity score must be a whole number from 0 to 5');
  }
  const coreAction = proposed.coreAction?.trim();
  const viralHook = proposed.viralHook?.trim();
  return { name, simplicityScore: score, ...(coreAction ? { coreAction } : {}), ...(viralHook ? { viralHook } : {}) };
};

const selectConcept = ({ data, metadata }: SelectConcept, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  const concept = ideaConcepts[data.index];
  if (!concept) throw new ValidationError('index', 'Concept not found');
  if (selectedConceptIndex === data.index) return [];
  return [
    {
      type: 'ConceptSelected',
      data: {
        projectId: data.projectId,
        index: data.index,
        conceptName: concept.name,
        previousIndex: selectedConceptIndex,
        selectedAt: metadata.now,
      },
    },
    ...startedNames(project, concept.name, metadata.now),
  ];
};

/**
 * The selected concept's name starts stage 4's selected idea name and stage 5's final concept name when they
 * are still empty (spec 01 §3: the mechanics and the refinement are of the selected concept); a name the person
 * typed stays theirs.
 */
const startedNames = (project: ActiveProjectState, name: string, at: string): ProjectEvent[] => {
  const started = (stage: 4 | 5, field: 'selectedIdeaName' | 'finalConceptName', current: string): ProjectEvent[] =>
    current.trim() === ''
      ? [
          {
            type: 'StageNotesUpdated',
            data: { projectId: project.projectId, stage, fields: { [field]: name }, previous: { [field]: current }, updatedAt: at },
          },
        ]
      : [];
  return [
    ...started(4, 'selectedIdeaName', project.stages[4].selectedIdeaName),
    ...started(5, 'finalConceptName', project.stages[5].finalConceptName),
  ];
};

/**
 * Any stage the user stands on may be left forwards, not only the current one: the stage screens are
 * reachable by link (spec §2), and the button acts on the screen shown.
 */
const advanceStage = ({ data, metadata }: AdvanceStage, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const { fromStage } = data;
  if (fromStage === LAST_STAGE) throw new ValidationError('fromStage', 'The technical stage is the last stage');
  const issues = stageIssues(project, fromStage);
  if (issues.length > 0 && !data.continueAnyway) throw new StageIncompleteError(issues);
  return [
    {
      type: 'StageAdvanced',
      data: {
        projectId: data.projectId,
        fromStage,
        toStage: (fromStage + 1) as StageNumber,
        skippedValidation: issues.length > 0,
        issues,
        advancedAt: metadata.now,
      },
    },
  ];
};

/**
 * The current stage follows the route (spec 02 §2.1): the stage screen a person opens is where they are, so no
 * stage is refused here. The generator's lock ('Cannot proceed', spec 01 §4) guards generating a stage, which
 * ProcessIdeaStage refuses on its own; its tabs no longer move the current stage.
 */
const setCurrentStage = ({ data, metadata }: SetCurrentStage, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  if (project.currentStageIndex === data.stage) return [];
  return [
    {
      type: 'CurrentStageChanged',
      data: { projectId: data.projectId, stage: data.stage, previousStage: project.currentStageIndex, changedAt: metadata.now },
    },
  ];
};

/**
 * Back to what a new project's stage holds (spec §4): empty, except that stage 1 starts again with its starting
 * viral triggers. They are added back as parameters, so the history says so in the words it always used.
 */
const resetStage = ({ data, metadata }: ResetStage, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const startingTriggers = data.stage === 1 ? STARTING_VIRAL_TRIGGERS : [];
  const stage = project.stages[data.stage];
  if (data.stage === 1 && sameValue(project.stages[1], { ...emptyStage(1), viralParameters: [...startingTriggers] })) return [];
  const clearedFields = filledStageFields(data.stage, stage);
  const events: ProjectEvent[] =
    clearedFields.length === 0
      ? []
      : [{ type: 'StageReset', data: { projectId: data.projectId, stage: data.stage, clearedFields, resetAt: metadata.now } }];
  for (const value of startingTriggers) {
    events.push({ type: 'ParameterAdded', data: { projectId: data.projectId, list: 'viralParameters', value, addedAt: metadata.now } });
  }
  return events;
};

/** The settings screen's Danger Zone (spec §4): back to a new variant C project, AI key status included. */
const resetProject = ({ data, metadata }: ResetProject, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const reset = { name: data.name?.trim() || DEFAULT_PROJECT_NAME, coreIdea: '', parameters: [...DEFAULT_PARAMETERS] };
  const alreadyReset =
    sameValue(snapshotOf(project), { ...reset, currentStageIndex: 1, stages: emptyStages() }) && project.aiKeyStatus === DEFAULT_AI_KEY_STATUS;
  if (alreadyReset) return [];
  return [{ type: 'ProjectReset', data: { projectId: data.projectId, ...reset, resetAt: metadata.now } }];
};

const importProject = ({ data, metadata }: ImportProject, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const snapshot = parseProjectExport(data);
  if (sameValue(snapshot, snapshotOf(project))) return [];
  return [{ type: 'ProjectImported', data: { projectId: data.projectId, snapshot, importedAt: metadata.now } }];
};

const snapshotOf = (project: ActiveProjectState): ProjectSnapshot => ({
  name: project.name,
  coreIdea: project.coreIdea,
  parameters: project.parameters,
  currentStageIndex: project.currentStageIndex,
  stages: project.stages,
});

const recordTechnicalReport = ({ data, metadata }: RecordTechnicalReport, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  if (sameValue(project.stages[6].technicalReport, data.report)) return [];
  return [{ type: 'TechnicalReportRecorded', data: { projectId: data.projectId, report: data.report, recordedAt: metadata.now } }];
};

const recordFinalPrompt = ({ data, metadata }: RecordFinalPrompt, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const prompt = data.prompt.trim();
  if (prompt === '') throw new ValidationError('prompt', 'Final prompt is required');
  if (prompt === project.stages[6].finalPrompt) return [];
  return [{ type: 'FinalPromptRecorded', data: { projectId: data.projectId, prompt, recordedAt: metadata.now } }];
};

/**
 * The audit's Remove button (spec §4 Summary): the global list first, else the first stage list holding the
 * parameter, in PARAMETER_LISTS order. The finding goes with it, so the audit no longer lists it.
 */
const removeAuditedParameter = ({ data, metadata }: RemoveAuditedParameter, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const parameter = data.parameter.trim();
  const list = PARAMETER_LIST_NAMES.find((name) => parameterListOf(project, name).includes(parameter));
  if (!list) throw new ValidationError('parameter', 'Could not find parameter in the project', 'Parameter Not Found');
  const finding = project.stages[6].technicalReport?.parameterAudit.incompatibleParameters.find((item) => item.parameter === parameter);
  const removed: ProjectEvent = {
    type: 'ParameterRemoved',
    data: { projectId: data.projectId, list, value: parameter, reason: 'audit', removedAt: metadata.now },
  };
  if (!finding) return [removed];
  return [
    removed,
    { type: 'AuditFindingResolved', data: { projectId: data.projectId, parameter, reason: finding.reason, resolvedAt: metadata.now } },
  ];
};

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState> = {
  // The size is checked once on what the whole command does, not on each step of a composite one (AI results).
  decide: (command, state) => withinProjectSize(command, state, decideProject(command, state)),
  // The fold carries each state's size bound forward, so the check above seldom serialises the whole project.
  evolve: evolveWithSizeBound(evolveProject),
  initialState: initialProjectState,
  // 2: a deleted project keeps what it was (the trash) and counts its deletion's revision. 3: stage 4's messaging strategy.
  // 4: who named the project (`naming`, naming.ts); a project back from the trash keeps its Gemini key.
  snapshotVersion: 4,
};

/**
 * A flow stage's results are the commands a user would have given to put them in (stage-results.ts), decided
 * one after another on the evolving state: each addition sees the ones before it, and the events are exactly
 * those commands' events, so read models and history need nothing new.
 */
const applyStageResults = ({ data, metadata }: ApplyStageResults, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const events: ProjectEvent[] = [];
  let current: ProjectState = project;
  for (const command of stageResultCommands(project, data.stage, data.results, metadata)) {
    const decided = decideProject(command, current);
    events.push(...decided);
    current = decided.reduce(evolveProject, current);
  }
  return events;
};

/** Each fill command is decided on the project as the ones before it left it (a concept proposed, then selected). */
const applyQuickIdea = ({ data, metadata }: ApplyQuickIdea, state: ProjectState): ProjectEvent[] => {
  let current: ProjectState = requireOwnedProject(state, data.projectId, metadata.actorId);
  return quickIdeaFillCommands(current, data, metadata).flatMap((command) => {
    const decided = decideProject(command, current);
    current = decided.reduce(evolveProject, current);
    return decided;
  });
};
