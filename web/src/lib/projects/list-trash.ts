import type { TrashResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLiveInvalidation } from '../live-updates.ts';

export type { TrashItem } from '@vis/domain';

/** Your deleted projects that can still be restored, last deleted first. */
export const trashQueryOptions = () => queryOptions({ queryKey: ['projects', 'trash'], queryFn: () => api.get<TrashResponse>('/api/trash') });

/** Kept fresh by `projects:mine`, which announces deletions and restores too. */
export const useTrash = () => {
  const options = trashQueryOptions();
  useLiveInvalidation(topics.myProjects, options.queryKey);
  return useQuery(options);
};
