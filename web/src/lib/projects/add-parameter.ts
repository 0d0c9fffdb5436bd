import type { ParameterListName } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface AddParameterInput {
  list: ParameterListName;
  value: string;
}

export const addParameter = (projectId: string, input: AddParameterInput) => api.post<CommandResponse>(`${projectPath(projectId)}/parameters`, input);

export const useAddParameter = (projectId: string) => useProjectCommand(projectId, addParameter);
