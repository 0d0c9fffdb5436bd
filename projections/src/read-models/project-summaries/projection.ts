import {
  builderPercentComplete,
  PROJECT_EVENT_TYPES,
  progressOf,
  readModels,
  restorableUntil,
  topics,
  type ProjectEvent,
  type ProjectKind,
} from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection } from '../../engine/define-projection.ts';
import { foldProject, type ProjectFields } from '../projects/fold.ts';

/**
 * One line per project for the owner's list, newest change first. It keeps the folded project (`project`) to
 * fold the next event, but lists answer only the summary fields.
 */
export type ProjectSummaryDocument = ReadModelMeta & {
  _id: string;
  ownerId: string;
  name: string;
  /** Absent on documents written before there were builder projects: guided. */
  kind?: ProjectKind;
  /** A builder project's is its builder's. */
  coreIdea: string;
  currentStageIndex: number;
  percentComplete: number;
  createdAt: string;
  updatedAt: string;
  /** Set while the project is in the trash: when it was deleted, and until when it can be restored (then it is not listed). */
  deletedAt?: string;
  restorableUntil?: string;
  project: ProjectFields;
};

export const projectSummariesProjection = defineProjection<ProjectEvent, ProjectSummaryDocument>({
  name: readModels.projectSummaries,
  // v2: deleted projects stay, with `deletedAt`, for the trash; v3: percentComplete no longer counts the starting
  // viral triggers.
  version: 3,
  // 'My projects': an owner's projects, last changed first; and the projects a visitor hands over at sign-in.
  indexes: [{ key: { ownerId: 1, updatedAt: -1 } }],
  handles: PROJECT_EVENT_TYPES,
  documentId: (event) => event.data.projectId,
  topics: (doc) => [topics.projectsOf(doc.ownerId)],
  evolve: (doc, event) => {
    // A deleted project stays, marked, for the trash; the list of projects leaves it out.
    if (event.type === 'ProjectDeleted') {
      return doc && { ...doc, deletedAt: event.data.deletedAt, restorableUntil: restorableUntil(event.data.deletedAt) };
    }
    const folded = foldProject(doc?.project ?? null, event);
    if (!folded) return null;
    const { state, fields: project } = folded;
    return {
      _id: project._id,
      ownerId: state.ownerId,
      name: state.name,
      kind: state.kind,
      coreIdea: state.builder ? state.builder.coreIdea : state.coreIdea,
      currentStageIndex: state.currentStageIndex,
      percentComplete: doc?.percentComplete ?? 0,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
      project,
    };
  },
  derive: (doc) => ({
    percentComplete: doc.project.builder ? builderPercentComplete(doc.project.builder) : progressOf(doc.project.stages).percent,
  }),
});
