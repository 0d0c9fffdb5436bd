import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/current-step: Previous or a click on a step tile; locked steps are refused. */
export const goToBuilderStep = (projectId: string, step: number) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/current-step`, { step });

export const useGoToBuilderStep = (projectId: string) => useProjectCommand(projectId, goToBuilderStep);
