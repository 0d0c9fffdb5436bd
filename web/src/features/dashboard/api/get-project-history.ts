import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { projectPath } from '../../projects/api/get-project.ts';

export interface ProjectHistoryEntry {
  id: string;
  type: string;
  at: string;
  summary: string;
}

/** The newest entries are what the dialog shows; older ones stay on the server's later pages. */
export const HISTORY_PAGE_SIZE = 100;

const projectHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', id, 'history'],
    queryFn: () => api.get<{ success: true; history: ProjectHistoryEntry[] }>(`${projectPath(id)}/history?limit=${HISTORY_PAGE_SIZE}`),
  });

/** The project's history, newest first, fetched only while it is shown and kept fresh by the project's live topic. */
export const useProjectHistory = (id: string, enabled: boolean) => {
  const options = projectHistoryQueryOptions(id);
  useLiveInvalidation(enabled ? `history:${id}` : null, options.queryKey);
  return useQuery({ ...options, enabled });
};
