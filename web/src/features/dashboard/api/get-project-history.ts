import type { ProjectHistoryResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { projectPath } from '../../../lib/projects/get-project.ts';

export type { ProjectHistoryEntry } from '@vis/domain';

/** The newest entries are what the dialog shows; older ones stay on the server's later pages. */
export const HISTORY_PAGE_SIZE = 100;

const projectHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', id, 'history'],
    queryFn: () => api.get<ProjectHistoryResponse>(`${projectPath(id)}/history?limit=${HISTORY_PAGE_SIZE}`),
  });

/** The project's history, newest first, fetched only while it is shown and kept fresh by the project's live topic. */
export const useProjectHistory = (id: string, enabled: boolean) => {
  const options = projectHistoryQueryOptions(id);
  useLiveInvalidation(enabled ? topics.history(id) : null, options.queryKey);
  return useQuery({ ...options, enabled });
};
