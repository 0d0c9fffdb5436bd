import { PROJECT_EVENT_TYPES, type ProjectEvent } from '@vis/domain';
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

/**
 * Its own topic, not `project:<id>`: every command writes a history entry, and announcing it on the project's topic
 * made every open page refetch the whole project twice per change.
 */
export const projectHistoryTopic = (projectId: string) => `history:${projectId}`;

export const projectHistoryProjection = defineProjection<ProjectHistoryDocument>({
  name: 'project_history',
  version: 1,
  handles: PROJECT_EVENT_TYPES,
  documentId: (event) => event.id,
  topics: (doc) => [projectHistoryTopic(doc.projectId)],
  evolve: (_doc, recorded) => {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    const data = recorded.data as Record<string, unknown>;
    return {
      _id: recorded.id,
      projectId: event.data.projectId,
      ownerId: event.type === 'ProjectCreated' ? event.data.ownerId : event.type === 'ProjectTransferred' ? event.data.toOwnerId : null,
      type: event.type,
      sequence: Number(recorded.position),
      at: occurredAt(data, recorded.metadata, recorded.createdAt),
      summary: summarize(event),
    };
  },
});
