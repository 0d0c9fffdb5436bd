import { z } from 'zod';
import { TextConflictError } from '../errors.ts';
import { sameValue } from './same-value.ts';
import { STAGE_NUMBERS, stageNotesSchemas, type ProjectStages, type StageNumber } from './stages.ts';

/**
 * Two tabs editing the same text: each text edit may say which project revision its text was loaded at
 * (`baseRevision`), and an edit that would overwrite a change made after that is refused rather than applied.
 * Texts are tracked one by one (an object's texts one by one too: a page's headline and its call to action are
 * two texts), so two tabs editing different texts never get in each other's way.
 *
 * An edit may also say what the text was when this tab last saw or sent it (`baseValue`, or `baseFields` for
 * notes): a text stored as that value was changed after the base revision by this tab itself (a save whose answer
 * never arrived, a save sent while the page was closing), not by another writer, so it is no conflict either.
 */
export const baseRevisionSchema = z.number().int().min(-1).optional();
/** Never stored nor echoed, only compared: not held to the text's own rules (a refused text may be the base of the next save). */
export const baseValueSchema = z.string().max(100_000).optional();
/** The notes as this tab last saw or sent them, shaped like `fields` (a page text inside `webpageElements`). */
export const baseFieldsSchema = z.record(z.string(), z.unknown()).optional();

/** A text's base values by path, from a single text's `baseValue` or from notes' `baseFields` under their stage. */
export type BaseValues = Readonly<Record<string, unknown>>;
export const baseValuesOf = (path: string, base: unknown): BaseValues => (base === undefined ? {} : Object.fromEntries(textLeaves(path, base)));

/**
 * The texts a project keeps, with their paths: `name`, `coreIdea`, `stages.<n>.<note>[.<key>]`, and a builder
 * project's `builder.coreIdea` and `builder.viralMechanics`.
 */
type Texts = { name: string; coreIdea: string; stages: ProjectStages; builder: { coreIdea: string; viralMechanics: string } | null };

const BUILDER_TEXTS = ['coreIdea', 'viralMechanics'] as const;

const NOTE_FIELDS = Object.fromEntries(STAGE_NUMBERS.map((stage) => [stage, Object.keys(stageNotesSchemas[stage].shape)])) as Record<
  StageNumber,
  string[]
>;

export const notePath = (stage: StageNumber, field: string) => `stages.${stage}.${field}`;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value's texts by path: an object's own keys one by one, anything else (a text, a list) as a whole. */
export const textLeaves = (path: string, value: unknown): [string, unknown][] =>
  isPlainObject(value) ? Object.entries(value).flatMap(([key, item]) => textLeaves(`${path}.${key}`, item)) : [[path, value]];

const leafOf = (value: unknown, keys: readonly string[]): unknown =>
  keys.reduce<unknown>((item, key) => (isPlainObject(item) ? item[key] : undefined), value);

/** The stored text at a path (`stages.5.webpageElements.headline`). */
export const textAt = (project: Texts, path: string): unknown => {
  const [root, stage, ...keys] = path.split('.');
  if (root === 'builder') return project.builder?.[stage as (typeof BUILDER_TEXTS)[number]];
  if (root !== 'stages') return root === 'name' ? project.name : project.coreIdea;
  return leafOf(project.stages[Number(stage) as StageNumber], keys);
};

/**
 * The revisions of texts an event changed, added to those before: only texts whose value differs count, so an
 * event that rewrites a text with itself (an import of the same file) conflicts with nobody.
 */
export const trackTextRevisions = (
  before: Texts,
  after: Texts,
  revisions: Readonly<Record<string, number>>,
  revision: number,
): Readonly<Record<string, number>> => {
  let changed: Record<string, number> | null = null;
  const mark = (path: string) => {
    changed ??= { ...revisions };
    changed[path] = revision;
  };
  if (before.name !== after.name) mark('name');
  if (before.coreIdea !== after.coreIdea) mark('coreIdea');
  for (const text of BUILDER_TEXTS) if (before.builder?.[text] !== after.builder?.[text]) mark(`builder.${text}`);
  for (const stage of STAGE_NUMBERS) {
    // Events change one stage at most and keep the others as they were: most stages are skipped by identity.
    if (before.stages[stage] === after.stages[stage]) continue;
    const was = before.stages[stage] as Record<string, unknown>;
    const is = after.stages[stage] as Record<string, unknown>;
    for (const field of NOTE_FIELDS[stage]) {
      if (was[field] === is[field]) continue;
      const path = notePath(stage, field);
      const old = new Map(textLeaves(path, was[field]));
      const now = new Map(textLeaves(path, is[field]));
      for (const leaf of new Set([...old.keys(), ...now.keys()])) if (!sameValue(old.get(leaf), now.get(leaf))) mark(leaf);
    }
  }
  return changed ?? revisions;
};

/**
 * Refuses an edit made at `baseRevision` that would overwrite a text another writer changed after it with
 * something else. A text the edit leaves as stored is no conflict, whoever changed it; nor is a text stored as this
 * tab's own base value (`baseValues`, by path: this tab wrote it); nor a sibling text the edit does not name. An edit
 * without a base revision is not checked, as before revisions were sent.
 */
export const refuseStaleTextEdit = (
  project: Texts & { textRevisions: Readonly<Record<string, number>> },
  baseRevision: number | undefined,
  writes: readonly (readonly [path: string, value: unknown])[],
  baseValues: BaseValues = {},
) => {
  if (baseRevision === undefined) return;
  for (const [path, value] of writes) {
    for (const [leaf, written] of textLeaves(path, value)) {
      const revision = project.textRevisions[leaf] ?? -1;
      if (revision <= baseRevision) continue;
      const stored = textAt(project, leaf);
      if (sameValue(stored, written)) continue;
      if (Object.hasOwn(baseValues, leaf) && sameValue(stored, baseValues[leaf])) continue;
      throw new TextConflictError(leaf, { value: stored ?? '', revision });
    }
  }
};
