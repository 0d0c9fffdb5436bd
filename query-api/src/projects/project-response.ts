import { maskedGeminiKey, PARAMETER_LISTS, parameterListsOfStage, STAGE_GUIDES, STAGE_NUMBERS, type StageNumber } from '@vis/domain';
import type { ProjectDocument, ProjectSummaryDocument } from '@vis/projections';

/** Stages are addressed on their own by PATCH /api/stages/{id} (spec §7): the id names project and stage. */
export const stageId = (projectId: string, stageNumber: StageNumber) => `${projectId}-stage-${stageNumber}`;
export const parseStageId = (id: string): { projectId: string; stageNumber: StageNumber } | null => {
  const match = /^(.+)-stage-([1-6])$/.exec(id);
  return match ? { projectId: match[1]!, stageNumber: Number(match[2]) as StageNumber } : null;
};

/**
 * The spec's project fields (spec 01 §3, §7). The key itself is a secret and never leaves the server: the
 * project's own Gemini key shows as its last four characters.
 */
const projectFields = (doc: ProjectDocument) => ({
  id: doc._id,
  name: doc.name,
  coreIdea: doc.coreIdea,
  parameters: doc.parameters,
  aiApiKey: doc.aiKey ? maskedGeminiKey(doc.aiKey.lastFour) : '',
  aiApiStatus: doc.aiKeyStatus,
  currentStageIndex: doc.currentStageIndex,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** Spec §3 keeps a comma-joined text form beside each list (`commonViralTriggers` beside `viralParameters`). */
const withTextForms = (stageNumber: StageNumber, data: Record<string, unknown>) => {
  const withText = { ...data };
  for (const list of parameterListsOfStage(stageNumber)) {
    const definition = PARAMETER_LISTS[list];
    if ('textField' in definition) withText[definition.textField] = ((data[list] as string[] | undefined) ?? []).join(', ');
  }
  return withText;
};

/** GET /api/projects/{id}: the project, its stages (fixed texts plus data, with the lists' text forms), progress and context. */
export const toProjectResponse = (doc: ProjectDocument) => {
  return {
    success: true,
    project: projectFields(doc),
    stages: STAGE_NUMBERS.map((stageNumber) => ({
      id: stageId(doc._id, stageNumber),
      ...STAGE_GUIDES[stageNumber],
      geminiSuggestions: [],
      aiSuggestions: [],
      data: withTextForms(stageNumber, doc.stages[stageNumber] as Record<string, unknown>),
    })),
    progress: doc.progress,
    context: doc.context,
    position: String(doc._position),
  };
};

export const toStagesResponse = (doc: ProjectDocument) => ({
  success: true,
  stages: STAGE_NUMBERS.map((stageNumber) => ({ id: stageId(doc._id, stageNumber), stageNumber, title: STAGE_GUIDES[stageNumber].title })),
});

export const toProjectListItem = (doc: ProjectSummaryDocument) => ({
  id: doc._id,
  name: doc.name,
  coreIdea: doc.coreIdea,
  currentStageIndex: doc.currentStageIndex,
  percentComplete: doc.percentComplete,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** Spec §7: the project name in lower case with dashes, plus -export.json. */
export const exportFileName = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'project'
  }-export.json`;
