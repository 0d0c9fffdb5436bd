import type { SharedProjectResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A project opened by its private link (issue 26): read-only; a revoked link answers 404. */
export const sharedProjectQueryOptions = (projectId: string, token: string) =>
  queryOptions({
    queryKey: ['shared', projectId, token],
    queryFn: () => api.get<SharedProjectResponse>(`/api/shared/${encodeURIComponent(projectId)}/${encodeURIComponent(token)}`),
    retry: false,
  });

export const useSharedProject = (projectId: string, token: string) => useQuery(sharedProjectQueryOptions(projectId, token));
