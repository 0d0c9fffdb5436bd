import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** Spec 01 §4 Summary: removes the parameter from the global list, else from the first stage list holding it. */
export const removeAuditedParameter = (projectId: string, parameter: string) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/audit/remove-parameter`, { parameter });

export const useRemoveAuditedParameter = (projectId: string) => useProjectCommand(projectId, removeAuditedParameter);
