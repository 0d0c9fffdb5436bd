import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { createProject } from '../../../lib/projects/create-project.ts';
import { projectQueryOptions, useProject } from '../../../lib/projects/get-project.ts';
import { forgetLocalCopy, isServerUnreachable, readLocalCopy, saveLocalCopy } from '../../../lib/projects/local-copy.ts';
import { listProjectsQueryOptions } from '../../../lib/projects/list-projects.ts';

/**
 * One current project per browser (spec 01 §4 'On load'): the id remembered in localStorage, else the newest of
 * the visitor's projects, else a new one. Another tab changing it is heard through the storage event.
 */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEYS.currentProjectId && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
const storedId = () => storage.get(STORAGE_KEYS.currentProjectId);

export const rememberCurrentProject = (id: string) => {
  storage.set(STORAGE_KEYS.currentProjectId, id);
  listeners.forEach((listener) => listener());
};

/**
 * The current project is deleted: the next screen that needs one resolves another (or creates one). Given the
 * query client, the cached resolutions go too: an earlier answer for 'nothing remembered' would be reused as is.
 */
export const forgetCurrentProject = (queryClient?: QueryClient) => {
  const forgotten = storedId();
  if (forgotten) forgetLocalCopy(forgotten);
  storage.remove(STORAGE_KEYS.currentProjectId);
  listeners.forEach((listener) => listener());
  queryClient?.removeQueries({ queryKey: ['current-project', null], exact: true });
};

/** The remembered id when it still loads; a project gone from the server (a fresh data directory) is forgotten. */
export const resolveCurrentProject = async (queryClient: QueryClient): Promise<string> => {
  const remembered = storedId();
  if (remembered) {
    try {
      await queryClient.fetchQuery(projectQueryOptions(remembered));
      return remembered;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      forgetCurrentProject();
    }
  }
  const { projects } = await queryClient.fetchQuery(listProjectsQueryOptions());
  // The guided screens work on guided projects; the nine-step builder's projects are /game's.
  const id = projects.find((project) => project.kind === 'guided')?.id ?? (await createProject({})).project.id;
  rememberCurrentProject(id);
  return id;
};

const currentProjectQueryOptions = (queryClient: QueryClient, remembered: string | null) =>
  queryOptions({ queryKey: ['current-project', remembered], queryFn: () => resolveCurrentProject(queryClient) });

/**
 * Resolves the current project and loads it ahead of the screen that shows it: started beside a stage screen's
 * code, the requests (list, create, read, one after the other on a first visit) no longer wait for that code to
 * arrive first. A failure is left for the screen's own queries to show.
 */
export const prefetchCurrentProject = async (queryClient: QueryClient) => {
  try {
    const id = await queryClient.fetchQuery(currentProjectQueryOptions(queryClient, storedId()));
    await queryClient.prefetchQuery(projectQueryOptions(id));
  } catch {
    // The screen's own queries try again and show the failure.
  }
};

/** The remembered id, without creating anything: what the shell's badges and links read. */
export const useRememberedProjectId = () => useSyncExternalStore(subscribe, storedId);

/**
 * The current project for screens that work on it (the stages): resolves, creating one if there is none yet,
 * and keeps it live. Each load is copied to this browser; when the server cannot be reached, `localCopy` is that
 * copy (spec 01 §4 'On load': the stored id, else the first project, else the local copy), to be shown read-only.
 */
export const useCurrentProject = () => {
  const queryClient = useQueryClient();
  const remembered = useRememberedProjectId();
  const resolved = useQuery({
    ...currentProjectQueryOptions(queryClient, remembered),
    // Switching projects keeps showing the previous one until the next resolves; a forgotten (deleted) one is not kept.
    placeholderData: (previous) => (remembered === null ? undefined : previous),
  });
  const projectId = resolved.data ?? null;
  const project = useProject(projectId);
  useEffect(() => {
    if (project.data) saveLocalCopy(project.data);
  }, [project.data]);
  const failure = resolved.error ?? project.error;
  const localCopy = failure && isServerUnreachable(failure) ? readLocalCopy() : null;
  const retry = () => void (resolved.error ? resolved.refetch() : project.refetch());
  return { projectId, resolving: resolved.isPending, resolveError: resolved.error, project, localCopy, retry };
};

export const useResolveCurrentProject = () => {
  const queryClient = useQueryClient();
  return useCallback(() => resolveCurrentProject(queryClient), [queryClient]);
};
