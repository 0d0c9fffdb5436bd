import { PARAMETER_LISTS } from '@vis/domain';
import type { ProjectDocument, StageDocument } from '@vis/projections';

/** Spec §3 keeps a comma-joined text form beside each list ("commonViralTriggers" beside "viralParameters"). */
const withTextForms = (stage: StageDocument) => {
  const data = { ...stage.data };
  for (const [list, definition] of Object.entries(PARAMETER_LISTS)) {
    if (definition.stage === stage.stageNumber && 'textField' in definition) data[definition.textField] = ((data[list] as string[] | undefined) ?? []).join(', ');
  }
  return data;
};

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
  stages: doc.stages.map((stage) => ({ id: stage.stageNumber, stageNumber: stage.stageNumber, data: withTextForms(stage) })),
  position: String(doc._position),
});
