import { MAX_PROJECT_NAME_LENGTH } from './constants.ts';

/**
 * Project names are unique per owner, compared without case (issue 26: "Tip Wall" and "tip wall" are the same
 * name to a person reading a list). Whether a name is taken is answered across the owner's streams, so it is
 * checked where those are known (the command API, from the owner's project list); the rule itself lives here.
 */
export const projectNameKey = (name: string) => name.trim().normalize('NFKC').toLocaleLowerCase('en');

export const sameProjectName = (a: string, b: string) => projectNameKey(a) === projectNameKey(b);

export const duplicateNameMessage = (name: string) => `You already have a project named '${name.trim()}'. Please choose another name.`;

/**
 * The name itself when it is free, else the first free 'name 2', 'name 3', …: what a new project made without a
 * name of its own (a default, an imported copy of a project you still have) is called.
 */
export const freeProjectName = (name: string, taken: readonly string[]): string => {
  const keys = new Set(taken.map(projectNameKey));
  const base = name.trim();
  if (!keys.has(projectNameKey(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${base.slice(0, MAX_PROJECT_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!keys.has(projectNameKey(candidate))) return candidate;
  }
};
