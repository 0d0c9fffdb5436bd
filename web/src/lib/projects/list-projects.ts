import type { ProjectListResponse } from '@vis/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type { ProjectListItem } from '@vis/domain';

/** Your projects, newest change first. */
export const listProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'list'], queryFn: () => api.get<ProjectListResponse>('/api/projects') });
