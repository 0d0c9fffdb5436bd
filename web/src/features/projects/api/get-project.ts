import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';

export interface ProjectResponse {
  success: true;
  project: {
    id: string;
    name: string;
    coreIdea: string;
    parameters: string[];
    aiApiKey: string;
    aiApiStatus: string;
    currentStageIndex: number;
  };
  stages: { id: string; stageNumber: number; title: string; objective: string; data: Record<string, unknown> }[];
  progress: { stages: Record<1 | 2 | 3 | 4 | 5, boolean>; completed: number; percent: number };
  position: string;
}

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['projects', id], queryFn: () => api.get<ProjectResponse>(`/api/projects/${encodeURIComponent(id)}`) });

export const useProject = (id: string) => {
  const options = projectQueryOptions(id);
  useLiveInvalidation(`project:${id}`, options.queryKey);
  return useQuery(options);
};
