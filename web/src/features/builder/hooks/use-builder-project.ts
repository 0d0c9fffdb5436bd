import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { createBuilderProject } from '../../../lib/projects/builder-create-project.ts';
import { projectQueryOptions, useProject } from '../../../lib/projects/get-project.ts';
import { listProjectsQueryOptions } from '../../../lib/projects/list-projects.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';

/** The server names a new builder project so too; /new-game says it explicitly (spec 02 §2.6). */
export const DEFAULT_BUILDER_NAME = 'My Viral Idea';

const CURRENT_KEY = ['builder-project', 'current'] as const;

export const rememberBuilderProject = (id: string) => storage.set(STORAGE_KEYS.currentBuilderProjectId, id);

/**
 * One Idempotency-Key per page load for /game's own creation: however often React runs the effect or the query
 * retries, the server creates one project for it. It is dropped once a project exists.
 */
let creationKey: string | null = null;

/**
 * /game's project (spec 02 §2.6): the builder project remembered in this browser while it still loads, else the
 * newest builder project of the visitor, else a new 'My Viral Idea'.
 */
export const resolveBuilderProject = async (queryClient: QueryClient): Promise<string> => {
  const remembered = storage.get(STORAGE_KEYS.currentBuilderProjectId);
  if (remembered) {
    try {
      const project = await queryClient.fetchQuery(projectQueryOptions(remembered));
      if (project.kind === 'builder') return remembered;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    storage.remove(STORAGE_KEYS.currentBuilderProjectId);
  }
  const { projects } = await queryClient.fetchQuery({ ...listProjectsQueryOptions(), staleTime: 0 });
  const newest = projects.filter((project) => project.kind === 'builder').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  let id = newest?.id;
  if (!id) {
    creationKey ??= crypto.randomUUID();
    id = (await createBuilderProject(creationKey, DEFAULT_BUILDER_NAME)).project.id;
    creationKey = null;
    void queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey });
  }
  rememberBuilderProject(id);
  return id;
};

/** The builder project /game shows, resolved once per visit of the screen, and kept live. */
export const useBuilderProject = () => {
  const queryClient = useQueryClient();
  const resolved = useQuery({ queryKey: CURRENT_KEY, queryFn: () => resolveBuilderProject(queryClient), staleTime: Infinity });
  const projectId = resolved.data ?? null;
  const project = useProject(projectId);
  return { projectId, resolving: resolved.isPending, resolveError: resolved.error, retry: () => void resolved.refetch(), project };
};

/** Idempotency keys of /new-game, one per history entry: a doubled effect or a remount creates one project. */
const newGameKeys = new Map<string, string>();

/**
 * /new-game: a fresh builder project, remembered as /game's. `entryKey` is the history entry's key (a reload is a
 * new page load, so a new key).
 */
export const useCreateBuilderProject = (entryKey: string) => {
  const queryClient = useQueryClient();
  let idempotencyKey = newGameKeys.get(entryKey);
  if (!idempotencyKey) {
    idempotencyKey = crypto.randomUUID();
    newGameKeys.set(entryKey, idempotencyKey);
  }
  const key = idempotencyKey;
  return useQuery({
    queryKey: ['builder-project', 'new', key],
    queryFn: async () => {
      const { project } = await createBuilderProject(key, DEFAULT_BUILDER_NAME);
      rememberBuilderProject(project.id);
      queryClient.setQueryData(CURRENT_KEY, project.id);
      void queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey });
      return project.id;
    },
    staleTime: Infinity,
  });
};
