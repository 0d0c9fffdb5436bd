import type { ProjectResponse } from '@vis/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectPath } from '../../../lib/projects/get-project.ts';

/** GET /api/projects/{id}/at/{revision}: the project right after that revision, as GET /api/projects/{id} shows it. */
export const projectAtQueryOptions = (id: string, revision: number) =>
  queryOptions({
    queryKey: ['projects', id, 'at', revision],
    queryFn: () => api.get<ProjectResponse>(`${projectPath(id)}/at/${revision}`),
    // A past revision never changes.
    staleTime: Infinity,
  });

/** The project as it was at `revision` (null: nothing chosen yet); the last answer stays on screen while the next loads. */
export const useProjectAt = (id: string, revision: number | null) =>
  useQuery({ ...projectAtQueryOptions(id, revision ?? -1), enabled: revision !== null, placeholderData: keepPreviousData });
