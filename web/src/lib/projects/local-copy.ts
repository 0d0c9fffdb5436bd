import { ApiError } from '../api-client.ts';
import { storage, STORAGE_KEYS } from '../storage.ts';
import type { ProjectResponse } from './get-project.ts';

/** The last project this browser loaded, and when (spec 01 §4 'On load', §7 'project copy'). */
export interface LocalProjectCopy {
  savedAt: string;
  response: ProjectResponse;
}

export const saveLocalCopy = (response: ProjectResponse, now: Date = new Date()) =>
  storage.set(STORAGE_KEYS.projectCopy, JSON.stringify({ savedAt: now.toISOString(), response } satisfies LocalProjectCopy));

/** Forgotten with the project it copies: a deleted project must not come back as the offline view. */
export const forgetLocalCopy = (projectId?: string) => {
  if (projectId === undefined || readLocalCopy()?.response.project.id === projectId) storage.remove(STORAGE_KEYS.projectCopy);
};

const isCopy = (value: unknown): value is LocalProjectCopy => {
  const copy = value as Partial<LocalProjectCopy> | null;
  return (
    typeof copy?.savedAt === 'string' &&
    typeof copy.response?.project?.id === 'string' &&
    Array.isArray(copy.response.stages) &&
    typeof copy.response.context === 'object'
  );
};

/** The stored copy, or null when there is none or it is not one this version can show (written by hand, or long ago). */
export const readLocalCopy = (): LocalProjectCopy | null => {
  const text = storage.get(STORAGE_KEYS.projectCopy);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isCopy(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/**
 * The server could not be reached: the request never got an answer (fetch fails with a TypeError), or a proxy in
 * front answered for the missing service. An answer from the server itself (401, 404, 500) is not this: showing
 * an old copy would hide what the server said.
 */
export const isServerUnreachable = (error: unknown) =>
  !(error instanceof ApiError) ? error instanceof TypeError : [502, 503, 504].includes(error.status);
