import type { PublishPreviewResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** What publishing the project would show (issue 26): the suggested title, the listing's description, or why not yet. */
export const publishPreviewQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'publish-preview'],
    queryFn: () => api.get<PublishPreviewResponse>(`/api/projects/${encodeURIComponent(projectId)}/publish-preview`),
    staleTime: 0,
  });

export const usePublishPreview = (projectId: string, enabled: boolean) => useQuery({ ...publishPreviewQueryOptions(projectId), enabled });
