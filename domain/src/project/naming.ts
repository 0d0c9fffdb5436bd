import { DEFAULT_BUILDER_PROJECT_NAME } from './builder.ts';
import { DEFAULT_PROJECT_NAME } from './constants.ts';
import type { ProjectEvent } from './events.ts';
import { freeProjectName, projectNameKey } from './names.ts';
import type { ActiveProjectState } from './state.ts';

/**
 * A project is named when it is made (issue 26): one made under the default name takes its name from its core
 * idea, and keeps following it while the person has not named it themselves (the core idea is saved as it is
 * typed, so the first save may be half a sentence). A name the person gave is never replaced.
 */

/** Long enough for a concept's name, short enough for the header and the project switcher. */
export const MAX_NAME_FROM_IDEA_LENGTH = 60;

const DEFAULT_NAME_KEYS = [DEFAULT_PROJECT_NAME, DEFAULT_BUILDER_PROJECT_NAME].map(projectNameKey);

/** 'New Viral Idea', 'My Viral Idea' and their 'name 2', 'name 3', …: names the product gave, not the person. */
export const isDefaultProjectName = (name: string): boolean => {
  const key = projectNameKey(name).replace(/ \d+$/, '');
  return DEFAULT_NAME_KEYS.includes(key);
};

/**
 * The idea's first sentence (or line), cut at the last whole word that fits, without trailing punctuation, its
 * first letter capitalised: "a pool where people roast each other's coffee. Winners…" → "A pool where people
 * roast each other's coffee". '' when the idea has no words.
 */
export const nameFromCoreIdea = (coreIdea: string): string => {
  const firstSentence = coreIdea.trim().split(/\n|(?<=[.!?])\s/u)[0] ?? '';
  const words = firstSentence.replace(/\s+/gu, ' ').trim();
  let name = words;
  if (name.length > MAX_NAME_FROM_IDEA_LENGTH) {
    const cut = name.slice(0, MAX_NAME_FROM_IDEA_LENGTH + 1);
    const lastSpace = cut.lastIndexOf(' ');
    // One very long word is cut where it must be: a name is better than none.
    name = lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, MAX_NAME_FROM_IDEA_LENGTH);
  }
  name = name.replace(/[\s.,;:!?…—–-]+$/u, '').replace(/^["'“‘(\s]+/u, '');
  // A name cut mid-phrase does not end on 'for a': the words that only lead into the next one go.
  if (name !== words) name = name.replace(/(?:\s+(?:a|an|the|of|for|to|and|or|with|in|on|at|by|from|that|which|where))+$/iu, '');
  return name.charAt(0).toLocaleUpperCase('en') + name.slice(1);
};

/** Whether the core idea may (re)name the project: its name is still the product's, never the person's. */
export const nameFollowsCoreIdea = (project: Pick<ActiveProjectState, 'name' | 'naming'>): boolean =>
  project.naming === 'auto' || (project.naming === undefined && isDefaultProjectName(project.name));

/**
 * The rename a new core idea brings, if any. `takenNames` are the owner's other projects' names, read by the
 * command API; without them (a command built by code that never looked) the name is left as it is, since a
 * name made without them could repeat another project's.
 */
export const renameFromCoreIdea = (
  project: ActiveProjectState,
  coreIdea: string,
  takenNames: readonly string[] | undefined,
  at: string,
): ProjectEvent[] => {
  if (!takenNames || !nameFollowsCoreIdea(project)) return [];
  const derived = nameFromCoreIdea(coreIdea);
  if (derived === '') return [];
  const name = freeProjectName(derived, takenNames);
  if (name === project.name) return [];
  return [{ type: 'ProjectRenamed', data: { projectId: project.projectId, name, previousName: project.name, renamedAt: at, fromCoreIdea: true } }];
};
