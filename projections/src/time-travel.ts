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
  type SuggestionTrail,
} from '@vis/domain';
import { readStreamPages, type EventStore, type RecordedEvent } from '@vis/infrastructure';
import type { ReadModel } from './engine/define-projection.ts';
import { historyDocumentOf, toHistoryEntry } from './read-models/project-history/projection.ts';
import { occurredAt } from './read-models/project-history/summary.ts';
import { projectsProjection, type ProjectDocument } from './read-models/projects/projection.ts';
import type { StreamFold, StreamFolds } from './stream-folds.ts';

/**
 * A project as it was: its stream read from the event store (upcast on read, like every read) up to a revision
 * or a moment, folded by the `projects` read model's own projection, which folds with the domain's
 * `evolveProject`. The document is built as the engine builds the live one (evolve each event, then derive,
 * then stamp the last event's position), so GET /api/projects/{id}/at/{revision} answers exactly what
 * GET /api/projects/{id} answered right after that revision. Folds go through `StreamFolds`: from the newest
 * checkpoint that suits them, a slice at a time, a few at once (see stream-folds.ts).
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

/** The `projects` document as of each event, and the latest time (`eventTime`) among the events folded so far. */
type AsOfState = { doc: ReadModel<ProjectDocument> | null; latest: number };
const asOfFold: StreamFold<AsOfState> = {
  name: 'project-as-of',
  initial: () => ({ doc: null, latest: -Infinity }),
  evolve: ({ doc, latest }, event) => {
    const time = eventTime(event);
    return {
      doc: projectsProjection.evolve(doc, event as RecordedEvent<ProjectEvent>),
      latest: Number.isNaN(time) ? latest : Math.max(latest, time),
    };
  },
};

export const projectAsOf = async (folds: StreamFolds, projectId: string, moment: ProjectMoment): Promise<ProjectAsOf> => {
  const until = 'at' in moment ? moment.at.getTime() : Infinity;
  const { state, revision, position, reachedEnd } = await folds.foldStream(asOfFold, projectStreamId(projectId), {
    // A moment's fold ends at the first event after it: a checkpoint suits if no event up to it was.
    from: (checkpoint) => ('revision' in moment ? checkpoint.revision <= moment.revision : checkpoint.state.latest <= until),
    stop: (event) => ('revision' in moment ? event.revision > moment.revision : eventTime(event) > until),
  });
  return { document: state.doc ? stamp(state.doc, position) : null, revision, reachedEnd };
};

type HistoryState = { project: ProjectState; trail: SuggestionTrail };
const historyFold: StreamFold<HistoryState> = {
  name: 'project-history',
  initial: () => ({ project: initialProjectState(), trail: initialSuggestionTrail() }),
  evolve: ({ project, trail }, event) => ({
    project: evolveProject(project, event as RecordedEvent<ProjectEvent>),
    trail: evolveSuggestionTrail(trail, event),
  }),
};

/**
 * What each of some revisions of the project's stream changed: the stream folded with `evolveProject` up to the
 * highest of them, the state before and after each compared (domain `projectChanges`). For the revisions that
 * offered AI suggestions (`suggestionRevisions`), what became of each suggestion: that can change with any later
 * event, so the fold then reads the stream to its end.
 */
export const projectChangesAt = async (
  folds: StreamFolds,
  projectId: string,
  revisions: Iterable<number>,
  suggestionRevisions: Iterable<number> = [],
) => {
  const wanted = new Set(revisions);
  const offers = new Set(suggestionRevisions);
  const changes = new Map<number, HistoryChange[]>();
  const suggestions = new Map<number, SuggestionOutcome[]>();
  const streamId = projectStreamId(projectId);
  if (wanted.size > 0) {
    // From a state before the first revision wanted, to the last.
    const first = BigInt(Math.min(...wanted));
    const last = BigInt(Math.max(...wanted));
    await folds.foldStream(historyFold, streamId, {
      from: (checkpoint) => checkpoint.revision < first,
      stop: (event) => event.revision > last,
      visit: (before, after, event) => {
        const revision = Number(event.revision);
        if (wanted.has(revision)) changes.set(revision, projectChanges(before.project, after.project));
      },
    });
  }
  if (offers.size > 0) {
    // Any checkpoint holds every offer made up to it, with what became of it so far.
    const { state } = await folds.foldStream(historyFold, streamId, { from: () => true, stop: () => false });
    for (const offer of state.trail) if (offers.has(offer.revision)) suggestions.set(offer.revision, offer.suggestions);
  }
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
