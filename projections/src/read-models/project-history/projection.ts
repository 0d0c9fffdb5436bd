import {
  historyActorOf,
  historyKindOf,
  PROJECT_EVENT_TYPES,
  PROJECT_HISTORY_FOREIGN_EVENT_TYPES,
  readModels,
  topics,
  type HistoryActor,
  type HistoryChange,
  type HistoryKind,
  type IdeaPublished,
  type ProjectEvent,
  type ProjectHistoryEntry,
} from '@vis/domain';
import type { ReadModelMeta, RecordedEvent } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';
import { occurredAt, summarize, summarizePublished } from './summary.ts';

/**
 * One document per event of a project's history (its own stream's events, and its publishing to the
 * marketplace), for the dashboard's Analytics and analysts. A projection sees one document at a time, so an
 * entry cannot know the project's current owner: `ownerId` is what the event itself says (set by
 * ProjectCreated and ProjectTransferred, null otherwise), and the query API checks ownership against the
 * `projects` read model before it lists a project's entries. Neither can an entry see the project before its
 * event: what an event changed is folded from the project's stream when the history is read.
 */
export type ProjectHistoryDocument = ReadModelMeta & {
  /** `<projectId>:<sequence, zero-padded>` (historyEntryId): a project's entries lie together, in order. */
  _id: string;
  /** The event's id: the entry's id on the wire. */
  eventId: string;
  projectId: string;
  ownerId: string | null;
  type: string;
  kind: HistoryKind;
  actor: HistoryActor;
  /** The event's global position: the list's order and its cursor. */
  sequence: number;
  /** The stream the event is in, and its revision there (the project's own stream, but for publishing). */
  streamId: string;
  revision: number;
  at: string;
  summary: string;
};

export type HistoryEvent = ProjectEvent | IdeaPublished;

/** Digits of a padded position: every position the cursor takes (up to 16 digits) sorts as its number does. */
const POSITION_DIGITS = 16;
/** The read model's version from which entries are keyed by project and position (see historyEntryId). */
export const HISTORY_KEYED_BY_PROJECT_SINCE = 4;

/**
 * An entry's document id: the project, then the event's global position zero-padded, so that ids sort as a
 * project's timeline, each project's entries one run of keys. A page of a project's history is then one `_id` range
 * read from its end (historyPageRange): the embedded store, which has no secondary index, reads that key range and
 * stops once the page is full, and MongoDB serves it from its `_id` index; neither reads another project's entries.
 */
export const historyEntryId = (projectId: string, sequence: number) => `${projectId}:${String(sequence).padStart(POSITION_DIGITS, '0')}`;

/**
 * The `_id` range of a project's entries before a position (all of them without one). `;` is the character after
 * `:`, so the range ends past every id that begins `<projectId>:`. A project whose id began `<projectId>:` would
 * fall in it too (ids are UUIDs, which never hold a `:`): the query still filters on `projectId`.
 */
export const historyPageRange = (projectId: string, before?: number) => ({
  $gt: `${projectId}:`,
  $lt: before === undefined ? `${projectId};` : historyEntryId(projectId, before),
});

/** The entry an event makes: the projection's document, and what the replay CLI prints for a stream's event. */
export const historyDocumentOf = (event: RecordedEvent<HistoryEvent>): ReadModel<ProjectHistoryDocument> => ({
  _id: historyEntryId(event.data.projectId, Number(event.position)),
  eventId: event.id,
  projectId: event.data.projectId,
  ownerId: event.type === 'ProjectCreated' ? event.data.ownerId : event.type === 'ProjectTransferred' ? event.data.toOwnerId : null,
  type: event.type,
  kind: historyKindOf(event.type),
  actor: historyActorOf(event.type, event.metadata.actorId),
  sequence: Number(event.position),
  streamId: event.streamId,
  revision: Number(event.revision),
  at: occurredAt(event.data, event.metadata, event.createdAt),
  summary: event.type === 'IdeaPublished' ? summarizePublished(event) : summarize(event),
});

/** The wire shape of an entry (GET /api/projects/{id}/history, `npm run replay`), with what its event changed. */
export const toHistoryEntry = (doc: ReadModel<ProjectHistoryDocument>, changes: HistoryChange[]): ProjectHistoryEntry => ({
  id: doc.eventId,
  type: doc.type,
  at: doc.at,
  summary: doc.summary,
  kind: doc.kind,
  actor: doc.actor,
  changes,
  position: String(doc.sequence),
  revision: doc.revision,
  streamId: doc.streamId,
});

export const projectHistoryProjection = defineProjection<HistoryEvent, ProjectHistoryDocument>({
  name: readModels.projectHistory,
  // v2: kind, actor, stream and revision per entry; publishing to the marketplace. v3: the builder's AI
  // suggestions named by their step's category, not the internal kind. v4: entries keyed by project and position
  // (historyEntryId), the event's id in `eventId`, so that a page is a key range.
  version: HISTORY_KEYED_BY_PROJECT_SINCE,
  // A project's timeline, newest first, with or without a kind filter, is a range of `_id`: its index serves it.
  indexes: [],
  handles: [...PROJECT_EVENT_TYPES, ...PROJECT_HISTORY_FOREIGN_EVENT_TYPES],
  documentId: (event) => historyEntryId(event.data.projectId, Number(event.position)),
  // Its own topic, not the project's: every command writes a history entry, and announcing it on the project's
  // topic made every open page refetch the whole project twice per change.
  topics: (doc) => [topics.history(doc.projectId)],
  evolve: (_doc, event) => historyDocumentOf(event),
});
