import {
  contextFromPreviousStages,
  progressOf,
  PROJECT_EVENT_TYPES,
  readModels,
  topics,
  type PreviousStagesContext,
  type ProjectEvent,
  type Progress,
} from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';
import { foldProject, type ProjectFields } from './fold.ts';

/** Everything the stage screens, summary and dashboard read about one project, with progress and context. */
export type ProjectDocument = ReadModelMeta &
  ProjectFields & {
    progress: Progress;
    /** 'Context from Previous Stages' (spec §2): stage 1–4 summaries, cut to 120 characters. */
    context: PreviousStagesContext;
  };

export const projectsProjection = defineProjection<ProjectEvent, ProjectDocument>({
  name: readModels.projects,
  // v2: the full guided project (all stages, progress, context) instead of the first slice's parameter lists.
  // v3: progress no longer counts the starting viral triggers; stage 4's context shows the messaging strategy.
  version: 3,
  handles: PROJECT_EVENT_TYPES,
  documentId: (event) => event.data.projectId,
  topics: (doc) => [topics.project(doc._id)],
  evolve: (doc, event) => (foldProject(doc, event)?.fields as ReadModel<ProjectDocument> | undefined) ?? null,
  derive: (doc) => ({ progress: progressOf(doc.stages), context: contextFromPreviousStages(doc) }),
});
