import { api } from '../api-client.ts';
import type { BuilderParameterInput } from './builder-add-parameter.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** POST builder/parameters/remove: a chip's remove button; removing keeps the category's active flag (spec 02 §4). */
export const removeBuilderParameter = (projectId: string, input: BuilderParameterInput) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/builder/parameters/remove`, input);

export const useRemoveBuilderParameter = (projectId: string) => useProjectCommand(projectId, removeBuilderParameter);
