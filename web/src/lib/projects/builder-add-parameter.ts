import type { BuilderCategoryView } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface BuilderParameterInput {
  category: BuilderCategoryView['category'];
  value: string;
}

/**
 * POST builder/parameters: the server ignores blank input, cuts the value to the category's word limit and
 * drops duplicates (`changed: false`), spec 02 §5.
 */
export const addBuilderParameter = (projectId: string, input: BuilderParameterInput) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/builder/parameters`, input);

export const useAddBuilderParameter = (projectId: string) => useProjectCommand(projectId, addBuilderParameter);
