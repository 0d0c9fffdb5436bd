import type { BuilderCategoryView } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** POST builder/parameters/clear: Clear All of one category. */
export const clearBuilderParameters = (projectId: string, input: { category: BuilderCategoryView['category'] }) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/builder/parameters/clear`, input);

export const useClearBuilderParameters = (projectId: string) => useProjectCommand(projectId, clearBuilderParameters);
