import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ProjectListItem {
  id: string;
  name: string;
  coreIdea: string;
  currentStageIndex: number;
  percentComplete: number;
  createdAt: string;
  updatedAt: string;
}

/** Your projects, newest change first. */
export const listProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'list'], queryFn: () => api.get<{ success: true; projects: ProjectListItem[] }>('/api/projects') });
