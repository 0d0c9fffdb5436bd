import { PARAMETER_LISTS, type ParameterListName, type ProjectEvent } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';

export interface StageDocument {
  stageNumber: number;
  data: Record<string, unknown>;
}

/** Everything the stage screens, summary and dashboard read about one project. */
export type ProjectDocument = ReadModelMeta & {
  _id: string;
  ownerId: string;
  name: string;
  coreIdea: string;
  parameters: string[];
  currentStageIndex: number;
  stages: StageDocument[];
  createdAt: string;
  updatedAt: string;
};

const STAGE_NUMBERS = [1, 2, 3, 4, 5] as const;

const emptyStages = (): StageDocument[] =>
  STAGE_NUMBERS.map((stageNumber) => {
    const data: Record<string, unknown> = {};
    for (const [list, definition] of Object.entries(PARAMETER_LISTS)) {
      if (definition.stage === stageNumber) data[list] = [];
    }
    return { stageNumber, data };
  });

/** The lists' comma-joined text forms (spec §3) are derived when answering, not stored: see project-response.ts. */
const withParameter = (doc: ReadModel<ProjectDocument>, list: ParameterListName, value: string): ReadModel<ProjectDocument> => {
  const definition = PARAMETER_LISTS[list];
  if (definition.stage === 0) return { ...doc, parameters: [...doc.parameters, value] };
  return {
    ...doc,
    stages: doc.stages.map((stage) => {
      if (stage.stageNumber !== definition.stage) return stage;
      return { ...stage, data: { ...stage.data, [list]: [...((stage.data[list] as string[] | undefined) ?? []), value] } };
    }),
  };
};

export const projectsProjection = defineProjection<ProjectDocument>({
  name: 'projects',
  version: 1,
  handles: ['ProjectCreated', 'ParameterAdded'] satisfies ProjectEvent['type'][],
  documentId: (event) => (event.data as { projectId: string }).projectId,
  topics: (doc) => [`project:${doc._id}`],
  evolve: (doc, recorded) => {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    switch (event.type) {
      case 'ProjectCreated':
        return {
          _id: event.data.projectId,
          ownerId: event.data.ownerId,
          name: event.data.name,
          coreIdea: event.data.coreIdea,
          parameters: event.data.parameters,
          currentStageIndex: 1,
          stages: emptyStages(),
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'ParameterAdded':
        if (!doc) return null;
        return { ...withParameter(doc, event.data.list, event.data.value), updatedAt: event.data.addedAt };
      default:
        return doc;
    }
  },
});
