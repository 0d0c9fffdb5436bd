import { PROJECT_EVENT_TYPES, readModels, topics, type ProjectEvent } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection } from '../../engine/define-projection.ts';
import { occurredAt, summarize } from './summary.ts';

/**
 * One document per project event, for the dashboard's Analytics. A projection sees one document at a time, so
 * an entry cannot know the project's current owner: `ownerId` is what the event itself says (set by
 * ProjectCreated and ProjectTransferred, null otherwise), and the query API checks ownership against the
 * `projects` read model before it lists a project's entries.
 */
export type ProjectHistoryDocument = ReadModelMeta & {
  _id: string;
  projectId: string;
  ownerId: string | null;
  type: string;
  /** The event's global position: the list's order and its cursor. */
  sequence: number;
  at: string;
  summary: string;
};

export const projectHistoryProjection = defineProjection<ProjectEvent, ProjectHistoryDocument>({
  name: readModels.projectHistory,
  version: 1,
  handles: PROJECT_EVENT_TYPES,
  documentId: (event) => event.id,
  // Its own topic, not the project's: every command writes a history entry, and announcing it on the project's
  // topic made every open page refetch the whole project twice per change.
  topics: (doc) => [topics.history(doc.projectId)],
  evolve: (_doc, event) => {
    return {
      _id: event.id,
      projectId: event.data.projectId,
      ownerId: event.type === 'ProjectCreated' ? event.data.ownerId : event.type === 'ProjectTransferred' ? event.data.toOwnerId : null,
      type: event.type,
      sequence: Number(event.position),
      at: occurredAt(event.data, event.metadata, event.createdAt),
      summary: summarize(event),
    };
  },
});
