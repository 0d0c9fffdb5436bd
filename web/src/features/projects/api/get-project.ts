import type { PreviousStagesContext, Progress, ProjectStages, StageNumber } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';

export interface ProjectDetails {
  id: string;
  name: string;
  coreIdea: string;
  parameters: string[];
  aiApiKey: string;
  aiApiStatus: 'Not Set' | 'Pending' | 'Valid' | 'Invalid';
  currentStageIndex: number;
  createdAt: string;
  updatedAt: string;
}

export type StageResponse<N extends StageNumber = StageNumber> = {
  id: string;
  stageNumber: N;
  title: string;
  objective: string;
  process: string;
  outputFormat: string;
  simulatedModel: string;
  data: ProjectStages[N];
};

export interface ProjectResponse {
  success: true;
  project: ProjectDetails;
  stages: StageResponse[];
  progress: Progress;
  context: PreviousStagesContext;
  position: string;
}

export const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['projects', id], queryFn: () => api.get<ProjectResponse>(projectPath(id)) });

/** The project, kept fresh by the `project:<id>` live topic (a second tab's changes arrive on their own). */
export const useProject = (id: string | null) => {
  const options = projectQueryOptions(id ?? '');
  useLiveInvalidation(id ? `project:${id}` : null, options.queryKey);
  return useQuery({ ...options, enabled: id !== null });
};

export const stageOf = <N extends StageNumber>(response: ProjectResponse, stage: N) =>
  response.stages.find((candidate) => candidate.stageNumber === stage) as StageResponse<N>;
