import { DEFAULT_PROJECT_KIND, emptyBuilder, type BuilderState, type ProjectKind } from './builder.ts';
import { DEFAULT_AI_KEY_STATUS, PARAMETER_LISTS, type AiKeyStatus, type ParameterListName } from './constants.ts';
import type { ProjectContent, ProjectEvent, ProjectRestored } from './events.ts';
import { evolveBuilder } from './evolve-builder.ts';
import { evolveStageDrafts, withoutProposals, type DraftProposal } from './stage-drafts.ts';
import { emptyStage, emptyStages, type ProjectStages, type StageData, type StageNumber } from './stages.ts';
import { trackTextRevisions } from './text-edits.ts';

export type ActiveProjectState = {
  status: 'active';
  projectId: string;
  ownerId: string;
  name: string;
  coreIdea: string;
  /** The project's global parameter tags (spec §3 `parameters`). */
  parameters: string[];
  currentStageIndex: StageNumber;
  aiKeyStatus: AiKeyStatus;
  /** The project's own Gemini key, by its vault id and last four characters; the key is encrypted elsewhere. */
  aiKey: { keyId: string; lastFour: string } | null;
  stages: ProjectStages;
  kind: ProjectKind;
  /** The nine-step builder's work: set on builder projects only. */
  builder: BuilderState | null;
  /** The stream revision of the last event folded (from 0): the base a text edit says it was made on. */
  revision: number;
  /** For each text that changed since the project was created, the revision that last changed it (text-edits.ts). */
  textRevisions: Readonly<Record<string, number>>;
  /** The AI's proposals waiting beside stage 4 and 5 texts (stage-drafts.ts); absent until the first one. */
  draftProposals?: readonly DraftProposal[];
  /**
   * Who gave the current name (naming.ts): 'auto', the core idea; 'person', the person. Absent: as created,
   * imported or reset, so a default name still follows the core idea and any other is the person's.
   */
  naming?: 'auto' | 'person';
};

/**
 * A deleted project, in the trash: what it was (`project`), to bring it back as it was within TRASH_DAYS of
 * `deletedAt`; and enough to answer its owner's second Delete with nothing to do.
 */
export type DeletedProjectState = {
  status: 'deleted';
  projectId: string;
  ownerId: string;
  deletedAt: string;
  /** The stream revision of the deletion. */
  revision: number;
  project: ActiveProjectState;
};

export type ProjectState = { status: 'empty' } | ActiveProjectState | DeletedProjectState;

export const initialProjectState = (): ProjectState => ({ status: 'empty' });

type WithLists = Pick<ActiveProjectState, 'parameters' | 'stages'>;

/** The values of one parameter list, wherever it lives: the global list or a stage's list. */
export const parameterListOf = (project: WithLists, list: ParameterListName): readonly string[] => {
  const { stage } = PARAMETER_LISTS[list];
  if (stage === 0) return project.parameters;
  return (project.stages[stage] as Partial<Record<ParameterListName, string[]>>)[list] ?? [];
};

export const withParameterList = <P extends WithLists>(project: P, list: ParameterListName, values: string[]): P => {
  const { stage } = PARAMETER_LISTS[list];
  if (stage === 0) return { ...project, parameters: values };
  return { ...project, stages: patchStage(project.stages, stage, { [list]: values } as Partial<StageData<typeof stage>>) };
};

export const patchStage = <N extends StageNumber>(stages: ProjectStages, stage: N, patch: Partial<StageData<N>>): ProjectStages => ({
  ...stages,
  [stage]: { ...stages[stage], ...patch },
});

/**
 * The project as its events make it, without which revision last changed each text: what the read models fold.
 * Only the decider needs `textRevisions` (to refuse a stale edit), and tracking them compares every changed text
 * on every event, so a fold that drops them anyway (a read model rebuilt from a million events) skips that work.
 * `textRevisions` is carried over as it was.
 */
export const evolveProjectContent = (state: ProjectState, event: ProjectEvent): ProjectState => {
  if (event.type === 'ProjectCreated') {
    return {
      status: 'active',
      projectId: event.data.projectId,
      ownerId: event.data.ownerId,
      name: event.data.name,
      coreIdea: event.data.coreIdea,
      parameters: [...event.data.parameters],
      currentStageIndex: 1,
      aiKeyStatus: DEFAULT_AI_KEY_STATUS,
      aiKey: null,
      stages: patchStage(emptyStages(), 1, { viralParameters: [...(event.data.viralParameters ?? [])] }),
      kind: event.data.kind ?? DEFAULT_PROJECT_KIND,
      builder: event.data.kind === 'builder' ? emptyBuilder() : null,
      revision: 0,
      textRevisions: {},
    };
  }
  // Out of the trash: the event carries the whole project, so a read model that dropped it at the deletion folds it too.
  if (event.type === 'ProjectRestored') return restoredFromTrash(state, event.data);
  // Events for a project that does not exist (yet, or any more) cannot happen in a well-formed stream; folding ignores them.
  if (state.status !== 'active') return state;
  if (event.type === 'ProjectDeleted') {
    return {
      status: 'deleted',
      projectId: state.projectId,
      ownerId: state.ownerId,
      deletedAt: event.data.deletedAt,
      revision: state.revision + 1,
      project: state,
    };
  }
  // `evolveActive` answers `state` itself or a copy of its own: the copy takes its revision in place, which saves
  // copying the whole state a second time on every event (a rebuild folds a million of them).
  const next = evolveActive(state, event);
  if (next === state) return { ...state, revision: state.revision + 1 };
  next.revision = state.revision + 1;
  return next;
};

/** The decider's fold: the project's content, and for each text the revision that last changed it. */
export const evolveProject = (state: ProjectState, event: ProjectEvent): ProjectState => {
  const next = evolveProjectContent(state, event);
  if (event.type === 'ProjectCreated' || state.status !== 'active' || next.status !== 'active') return next;
  // `next` is this call's own copy: giving it its revisions in place saves copying the whole state again.
  next.textRevisions = trackTextRevisions(state, next, state.textRevisions, next.revision);
  return next;
};

/** A fold that starts at the restore (a read model that had dropped the project) numbers it from the event's revision. */
const restoredFromTrash = (state: ProjectState, data: ProjectRestored['data']): ActiveProjectState => ({
  status: 'active',
  projectId: data.projectId,
  ownerId: data.ownerId,
  ...contentFields(data.content),
  aiKeyStatus: data.aiKey ? (data.aiKeyStatus ?? DEFAULT_AI_KEY_STATUS) : DEFAULT_AI_KEY_STATUS,
  aiKey: data.aiKey ? { ...data.aiKey } : null,
  ...(data.naming ? { naming: data.naming } : {}),
  kind: data.kind ?? DEFAULT_PROJECT_KIND,
  revision: state.status === 'deleted' ? state.revision + 1 : 0,
  textRevisions: {},
});

/** A restored content, copied: the event's arrays and objects stay the event's. */
const contentFields = (content: ProjectContent) => ({
  name: content.name,
  coreIdea: content.coreIdea,
  parameters: [...content.parameters],
  currentStageIndex: content.currentStageIndex,
  stages: structuredClone(content.stages),
  builder: content.builder ? structuredClone(content.builder) : null,
});

/** What a restore carries of a project: everything but its id, owner, kind, Gemini key and the AI's waiting proposals. */
export const restorableContentOf = (project: ActiveProjectState): ProjectContent => ({
  name: project.name,
  coreIdea: project.coreIdea,
  parameters: project.parameters,
  currentStageIndex: project.currentStageIndex,
  stages: project.stages,
  builder: project.builder,
});

const evolveActive = (
  state: ActiveProjectState,
  event: Exclude<ProjectEvent, { type: 'ProjectCreated' | 'ProjectDeleted' | 'ProjectRestored' }>,
): ActiveProjectState => {
  switch (event.type) {
    case 'ProjectRenamed':
      return { ...state, name: event.data.name, naming: event.data.fromCoreIdea ? 'auto' : 'person' };
    case 'ProjectTransferred':
      return { ...state, ownerId: event.data.toOwnerId };
    case 'CoreIdeaChanged':
      return { ...state, coreIdea: event.data.coreIdea };
    case 'ParameterAdded':
      return withParameterList(state, event.data.list, [...parameterListOf(state, event.data.list), event.data.value]);
    case 'ParameterRemoved':
      return withParameterList(
        state,
        event.data.list,
        parameterListOf(state, event.data.list).filter((value) => value !== event.data.value),
      );
    case 'ParametersCleared':
      return withParameterList(state, event.data.list, []);
    case 'AuditFindingResolved':
      return withoutAuditFinding(state, event.data.parameter);
    case 'StageNotesUpdated':
      return { ...state, stages: patchStage(state.stages, event.data.stage, event.data.fields) };
    case 'AudienceSegmentAdded':
      return withSegments(state, [...state.stages[2].audienceSegments, event.data.segment]);
    case 'AudienceSegmentRemoved':
      return withSegments(
        state,
        state.stages[2].audienceSegments.filter((_, index) => index !== event.data.index),
      );
    case 'ConceptsProposed':
      return {
        ...state,
        stages: patchStage(state.stages, 3, { ideaConcepts: [...state.stages[3].ideaConcepts, ...event.data.concepts] }),
      };
    case 'ConceptSelected':
      return { ...state, stages: patchStage(state.stages, 3, { selectedConceptIndex: event.data.index }) };
    case 'StageAdvanced':
      return { ...state, currentStageIndex: event.data.toStage };
    case 'CurrentStageChanged':
      return { ...state, currentStageIndex: event.data.stage };
    case 'StageReset':
      return withoutProposals({ ...state, stages: { ...state.stages, [event.data.stage]: emptyStage(event.data.stage) } }, event.data.stage);
    case 'ProjectReset':
      return {
        ...withoutNaming(withoutProposals(state)),
        name: event.data.name,
        coreIdea: event.data.coreIdea,
        parameters: [...event.data.parameters],
        currentStageIndex: 1,
        aiKeyStatus: DEFAULT_AI_KEY_STATUS,
        aiKey: null,
        stages: emptyStages(),
      };
    case 'ProjectImported': {
      const { snapshot } = event.data;
      return {
        ...withoutNaming(withoutProposals(state)),
        name: snapshot.name,
        coreIdea: snapshot.coreIdea,
        parameters: [...snapshot.parameters],
        currentStageIndex: snapshot.currentStageIndex,
        stages: structuredClone(snapshot.stages),
      };
    }
    case 'ProjectVersionRestored':
      // Proposals waiting then were answered (or not) since; the version is the project's texts and lists.
      return { ...withoutProposals(state), ...contentFields(event.data.content) };
    case 'ParametersRestored':
      return withParameterList(state, event.data.list, [...event.data.values]);
    case 'TechnicalReportRecorded':
      return { ...state, stages: patchStage(state.stages, 6, { technicalReport: event.data.report }) };
    case 'FinalPromptRecorded':
      return { ...state, stages: patchStage(state.stages, 6, { finalPrompt: event.data.prompt }) };
    // What the AI answered is history, not the project: suggestions count once the user adds them.
    case 'AiSuggestionsGenerated':
    case 'AiPromptGenerated':
    case 'AiReportGenerated':
    case 'AiResultsGenerated':
      return state;
    case 'GeminiKeySet':
      return { ...state, aiKeyStatus: 'Pending', aiKey: { keyId: event.data.keyId, lastFour: event.data.lastFour } };
    case 'GeminiKeyVerified':
      if (state.aiKey?.keyId !== event.data.keyId) return state;
      return { ...state, aiKeyStatus: event.data.valid ? 'Valid' : 'Invalid' };
    case 'GeminiKeyRemoved':
      return { ...state, aiKeyStatus: DEFAULT_AI_KEY_STATUS, aiKey: null };
    case 'BuilderCoreIdeaChanged':
    case 'BuilderViralMechanicsChanged':
    case 'BuilderParameterAdded':
    case 'BuilderParameterRemoved':
    case 'BuilderParametersCleared':
    case 'BuilderParametersRestored':
    case 'BuilderStepCompleted':
    case 'BuilderCurrentStepChanged':
    case 'BuilderPromptRecorded':
    case 'BuilderFinished':
    case 'BuilderReopened':
      return { ...state, builder: evolveBuilder(state.builder, event) };
    case 'StageDraftsProposed':
    case 'DraftProposalResolved':
    case 'ConceptUpdated':
    case 'ConceptRemoved':
      return evolveStageDrafts(state, event);
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

/** The name is as a new project's again: a default one follows the core idea, any other is the person's. */
const withoutNaming = ({ naming: _naming, ...state }: ActiveProjectState): ActiveProjectState => state;

const withSegments = (state: ActiveProjectState, audienceSegments: StageData<2>['audienceSegments']): ActiveProjectState => ({
  ...state,
  stages: patchStage(state.stages, 2, { audienceSegments }),
});

const withoutAuditFinding = (state: ActiveProjectState, parameter: string): ActiveProjectState => {
  const report = state.stages[6].technicalReport;
  if (!report) return state;
  const incompatibleParameters = report.parameterAudit.incompatibleParameters.filter((finding) => finding.parameter !== parameter);
  return {
    ...state,
    stages: patchStage(state.stages, 6, { technicalReport: { ...report, parameterAudit: { ...report.parameterAudit, incompatibleParameters } } }),
  };
};
