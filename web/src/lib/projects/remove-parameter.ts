import type { ParameterListName } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface RemoveParameterInput {
  list: ParameterListName;
  value: string;
}

export const removeParameter = (projectId: string, input: RemoveParameterInput) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/parameters/remove`, input);

export const useRemoveParameter = (projectId: string) => useProjectCommand(projectId, removeParameter);
