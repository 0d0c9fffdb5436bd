import type { ParameterListName } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const clearParameters = (projectId: string, input: { list: ParameterListName }) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/parameters/clear`, input);

export const useClearParameters = (projectId: string) => useProjectCommand(projectId, clearParameters);
