import { DEFAULT_PROJECT_KIND, STAGE_GUIDES, STAGE_NUMBERS, stageId, type ProjectListItem, type ProjectStagesResponse } from '@vis/domain';
import type { ProjectDocument, ProjectSummaryDocument } from '@vis/projections';

/** GET /api/projects/{id}: built beside the `projects` read model, which every replay of a project folds as well. */
export { toBuilderView, toProjectResponse } from '@vis/projections';

export const toStagesResponse = (doc: ProjectDocument): ProjectStagesResponse => ({
  success: true,
  stages: STAGE_NUMBERS.map((stageNumber) => ({ id: stageId.format(doc._id, stageNumber), stageNumber, title: STAGE_GUIDES[stageNumber].title })),
});

export const toProjectListItem = (doc: ProjectSummaryDocument): ProjectListItem => ({
  id: doc._id,
  name: doc.name,
  kind: doc.kind ?? DEFAULT_PROJECT_KIND,
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
