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
 * Refuses a command that would take the project past MAX_PROJECT_BYTES, naming the field it sends the most in.
 * A project already past it (from before the limit) may still change in any way that does not grow it.
 */
export const withinProjectSize = (command: ProjectCommand, state: ProjectState, events: ProjectEvent[]): ProjectEvent[] => {
  if (events.length === 0) return events;
  const after = projectContentBytes(events.reduce(evolveProjectContent, state));
  if (after <= MAX_PROJECT_BYTES || after <= projectContentBytes(state)) return events;
  throw new ValidationError(largestField(command.data), PROJECT_FULL_MESSAGE, PROJECT_FULL_TITLE);
};
