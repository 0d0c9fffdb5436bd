import type { ProjectDocument } from '@vis/projections';

/** The spec's GET /api/projects/{id} shape (spec 01 §7): a project and its stages. */
export const toProjectResponse = (doc: ProjectDocument) => ({
  success: true,
  project: {
    id: doc._id,
    name: doc.name,
    coreIdea: doc.coreIdea,
    parameters: doc.parameters,
    aiApiKey: '',
    aiApiStatus: 'Not Set',
    currentStageIndex: doc.currentStageIndex,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  },
  stages: doc.stages.map((stage) => ({ id: stage.stageNumber, stageNumber: stage.stageNumber, data: stage.data })),
  position: String(doc._position),
});
