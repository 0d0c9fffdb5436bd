import {
  evolveProject,
  evolveSuggestionTrail,
  initialProjectState,
  initialSuggestionTrail,
  projectChanges,
  projectStreamId,
  type HistoryChange,
  type ProjectEvent,
  type ProjectHistoryEntry,
  type ProjectState,
  type SuggestionOutcome,
} from '@vis/domain';
import { readStreamPages, type EventStore, type RecordedEvent } from '@vis/infrastructure';
import type { ReadModel } from './engine/define-projection.ts';
import { historyDocumentOf, toHistoryEntry } from './read-models/project-history/projection.ts';
import { occurredAt } from './read-models/project-history/summary.ts';
import { projectsProjection, type ProjectDocument } from './read-models/projects/projection.ts';

/**
 * A project as it was: its stream read from the event store (upcast on read, like every read) up to a revision
 * or a moment, folded by the `projects` read model's own projection, which folds with the domain's
 * `evolveProject`. The document is built as the engine builds the live one (evolve each event, then derive,
 * then stamp the last event's position), so GET /api/projects/{id}/at/{revision} answers exactly what
 * GET /api/projects/{id} answered right after that revision.
 */

/** A revision of the project's stream (from 0), or a moment: every event whose time (the history's `at`) is at or before it. */
export type ProjectMoment = { revision: bigint } | { at: Date };

/** What `?at=` and `--at` accept as a time: an ISO 8601 date, or date and time (UTC unless an offset is given). */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `--at`'s text: a revision (digits) or an ISO time; null for anything else. */
export const parseMoment = (text: string): ProjectMoment | null => {
  if (/^\d{1,15}$/.test(text)) return { revision: BigInt(text) };
  const at = new Date(text);
  return ISO_TIME.test(text) && !Number.isNaN(at.getTime()) ? { at } : null;
};

/** When an event happened, as the history shows it (`at`). */
export const eventTime = (event: RecordedEvent) => Date.parse(occurredAt(event.data, event.metadata, event.createdAt));

const stamp = (doc: ReadModel<ProjectDocument>, position: bigint): ProjectDocument => ({
  ...doc,
  ...projectsProjection.derive!(doc),
  _id: doc._id,
  _position: Number(position),
  _topics: projectsProjection.topics(doc),
});

export interface ProjectAsOf {
  /** null: the project did not exist at that moment (not created yet, or deleted by then). */
  document: ProjectDocument | null;
  /** The revision of the last event folded; -1n when none was. */
  revision: bigint;
  /** The stream's last revision, when the fold read to its end (a revision past it was asked for). */
  reachedEnd: boolean;
}

export const projectAsOf = async (eventStore: EventStore, projectId: string, moment: ProjectMoment): Promise<ProjectAsOf> => {
  let doc: ReadModel<ProjectDocument> | null = null;
  let revision = -1n;
  let position = 0n;
  let reachedEnd = true;
  const until = 'at' in moment ? moment.at.getTime() : undefined;
  for await (const event of readStreamPages(eventStore, projectStreamId(projectId))) {
    if ('revision' in moment ? event.revision > moment.revision : eventTime(event) > until!) {
      reachedEnd = false;
      break;
    }
    doc = projectsProjection.evolve(doc, event as RecordedEvent<ProjectEvent>);
    revision = event.revision;
    position = event.position;
  }
  return { document: doc ? stamp(doc, position) : null, revision, reachedEnd };
};

/**
 * What each of some revisions of the project's stream changed: the stream folded with `evolveProject` up to the
 * highest of them, the state before and after each compared (domain `projectChanges`). For the revisions that
 * offered AI suggestions (`suggestionRevisions`), what became of each suggestion: that can change with any later
 * event, so the fold then reads the stream to its end.
 */
export const projectChangesAt = async (
  eventStore: EventStore,
  projectId: string,
  revisions: Iterable<number>,
  suggestionRevisions: Iterable<number> = [],
) => {
  const wanted = new Set(revisions);
  const offers = new Set(suggestionRevisions);
  const changes = new Map<number, HistoryChange[]>();
  const suggestions = new Map<number, SuggestionOutcome[]>();
  if (wanted.size === 0 && offers.size === 0) return { changes, suggestions };
  const lastChanged = wanted.size > 0 ? Math.max(...wanted) : -1;
  const last = offers.size > 0 ? Infinity : lastChanged;
  let state: ProjectState = initialProjectState();
  let trail = initialSuggestionTrail();
  for await (const event of readStreamPages(eventStore, projectStreamId(projectId))) {
    const revision = Number(event.revision);
    if (revision > last) break;
    if (revision <= lastChanged) {
      const next = evolveProject(state, event as RecordedEvent<ProjectEvent>);
      if (wanted.has(revision)) changes.set(revision, projectChanges(state, next));
      state = next;
    }
    if (offers.size > 0) trail = evolveSuggestionTrail(trail, event);
  }
  for (const offer of trail) if (offers.has(offer.revision)) suggestions.set(offer.revision, offer.suggestions);
  return { changes, suggestions };
};

/**
 * The project's own history, oldest first, straight from its stream (the replay CLI): each event as the history
 * lists it, with what it changed. One event at a time: a long history is never held in memory.
 */
export async function* projectHistoryOf(eventStore: EventStore, projectId: string): AsyncGenerator<ProjectHistoryEntry> {
  let state: ProjectState = initialProjectState();
  for await (const recorded of readStreamPages(eventStore, projectStreamId(projectId))) {
    const event = recorded as RecordedEvent<ProjectEvent>;
    const next = evolveProject(state, event);
    yield toHistoryEntry(historyDocumentOf(event), projectChanges(state, next));
    state = next;
  }
}
