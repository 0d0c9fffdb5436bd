import type { ProjectListResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLiveInvalidation } from '../live-updates.ts';

export type { ProjectListItem } from '@vis/domain';

/** Your projects, newest first by creation (a rename or an edit does not move a row). */
export const listProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'list'], queryFn: () => api.get<ProjectListResponse>('/api/projects') });

/** The list, kept fresh by `projects:mine`: a project created, renamed or changed in another tab shows up here. */
export const useMyProjects = () => {
  const options = listProjectsQueryOptions();
  useLiveInvalidation(topics.myProjects, options.queryKey);
  return useQuery(options);
};
