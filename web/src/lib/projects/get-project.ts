import type { ProjectResponse, ProjectView, StageNumber, StageView } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLiveInvalidation } from '../live-updates.ts';

/** The wire contract's shapes (`@vis/domain` contract), under the names the app uses. */
export type { ProjectResponse };
export type ProjectDetails = ProjectView;
export type StageResponse<N extends StageNumber = StageNumber> = StageView<N>;

export const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['projects', id], queryFn: () => api.get<ProjectResponse>(projectPath(id)) });

/**
 * The project, kept fresh by the `project:<id>` live topic (a second tab's changes arrive on their own). With
 * `select`, one value of it, for components that show only that (the app shell's stage progress): they render
 * again when that value changes, not on every change of the project.
 */
export const useProject = <T = ProjectResponse>(id: string | null, select?: (response: ProjectResponse) => T) => {
  const options = projectQueryOptions(id ?? '');
  useLiveInvalidation(id ? topics.project(id) : null, options.queryKey);
  return useQuery({ ...options, enabled: id !== null, select });
};

export const stageOf = <N extends StageNumber>(response: ProjectResponse, stage: N) =>
  response.stages.find((candidate) => candidate.stageNumber === stage) as StageResponse<N>;
