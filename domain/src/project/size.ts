import { ValidationError } from '../errors.ts';
import type { ProjectCommand } from './commands.ts';
import type { ProjectEvent } from './events.ts';
import { evolveProjectContent, type ProjectState } from './state.ts';

/**
 * How large one project may grow: its content (names, texts, lists, stages, the builder), as JSON in UTF-8.
 *
 * Each field has a bound of its own, but some stage lists do not (case studies, key resources, target audiences),
 * so without this a project could grow past what a read model can hold: MongoDB refuses a document over 16 MB,
 * and the projection batch holding it would then fail on every retry. The `projects` read model stores the
 * project as it is (measured: its JSON is the content's within 0.1%), and in MongoDB's BSON it takes the same
 * size for text and up to 4.3 times it for long lists of empty strings (each item's index is a key there): 2 MiB
 * keeps every read-model document under 9.1 MB, with room for the fields the engine adds, and it is a hundred
 * times what a one-page idea with full stages and AI reports takes.
 */
export const MAX_PROJECT_BYTES = 2 * 1024 * 1024;
export const PROJECT_FULL_MESSAGE = 'This project is full: it can hold at most 2 MB of text. Remove some to add more.';
export const PROJECT_FULL_TITLE = 'Project too large';

const NON_ASCII = /[\u0080-\uffff]+/g;

/**
 * UTF-8 bytes of a string, without encoding it: only its non-ASCII runs are walked (a 2 MB project of plain
 * text costs one native scan). Lone surrogates, which the text rules refuse, count as three.
 */
const utf8Bytes = (text: string) => {
  let bytes = text.length;
  for (const [run] of text.matchAll(NON_ASCII)) {
    for (let i = 0; i < run.length; i++) {
      const code = run.charCodeAt(i);
      // Two bytes up to 0x7ff, three above; a surrogate pair (two code units) is four.
      bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
    }
  }
  return bytes;
};

/** The size MAX_PROJECT_BYTES bounds: what the read models keep of a project (not the decider's own bookkeeping). */
export const projectContentBytes = (state: ProjectState): number => {
  if (state.status !== 'active') return 0;
  const { textRevisions: _revisions, revision: _revision, ...content } = state;
  return utf8Bytes(JSON.stringify(content));
};

/** The part of a command's data that carries the most: the field to name when the project is full. */
const largestField = (data: object, prefix = ''): string => {
  let largest: [field: string, value: unknown, size: number] | null = null;
  for (const [field, value] of Object.entries(data)) {
    if (field === 'projectId') continue;
    const size = JSON.stringify(value ?? null).length;
    if (!largest || size > largest[2]) largest = [field, value, size];
  }
  if (!largest) return prefix || 'project';
  const [field, value] = largest;
  const path = prefix ? `${prefix}.${field}` : field;
  return value && typeof value === 'object' && !Array.isArray(value) ? largestField(value, path) : path;
};

/**
 * Upper bounds of states' content sizes, so that a command on a project far from the limit need not serialise the
 * whole project (an 8 KB project costs more to serialise than the rest of its command's decision, and one near the
 * limit 7–16 ms). A memo beside the states, never part of them: states are values nobody changes once made, so a
 * bound found for one stays true, and `decide` answers exactly what it would without it.
 */
const sizeBounds = new WeakMap<ProjectState, number>();

/**
 * How much one event may grow a project's content at most: what it carries, twice (a value may land in two
 * places, a name and its naming), plus room for the structure folding it adds around what it carries (keys,
 * timestamps, the empty stages and builder a creation or reset lays out, 1.5 KB together). Generous on purpose:
 * too high only means an exact count sooner.
 */
const GROWTH_ROOM_BYTES = 4096;
const growthBound = (events: readonly ProjectEvent[]) =>
  events.reduce((bytes, event) => bytes + 2 * utf8Bytes(JSON.stringify(event.data)) + GROWTH_ROOM_BYTES, 0);

/**
 * The decider's fold, carrying a state's size bound to the state each event makes of it: a few hundred bytes of
 * an event serialised instead of the whole project. Drift is bounded: the bound only grows, and once it reaches the
 * limit the next command counts exactly and starts again from the true size.
 */
export const evolveWithSizeBound =
  (evolve: (state: ProjectState, event: ProjectEvent) => ProjectState) =>
  (state: ProjectState, event: ProjectEvent): ProjectState => {
    const next = evolve(state, event);
    const bound = sizeBounds.get(state);
    if (bound !== undefined) sizeBounds.set(next, bound + growthBound([event]));
    return next;
  };

/**
 * Refuses a command that would take the project past MAX_PROJECT_BYTES, naming the field it sends the most in.
 * A project already past it (from before the limit) may still change in any way that does not grow it.
 * Counted exactly only when a bound (the state's, plus what the events may add) does not already settle it.
 */
export const withinProjectSize = (command: ProjectCommand, state: ProjectState, events: ProjectEvent[]): ProjectEvent[] => {
  if (events.length === 0) return events;
  const growth = growthBound(events);
  const bound = sizeBounds.get(state);
  if (bound !== undefined && bound + growth <= MAX_PROJECT_BYTES) return events;
  const before = projectContentBytes(state);
  sizeBounds.set(state, before);
  if (before + growth <= MAX_PROJECT_BYTES) return events;
  const after = projectContentBytes(events.reduce(evolveProjectContent, state));
  if (after <= MAX_PROJECT_BYTES || after <= before) return events;
  throw new ValidationError(largestField(command.data), PROJECT_FULL_MESSAGE, PROJECT_FULL_TITLE);
};
