import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** POST builder/steps/:step/complete: Next; refused while an earlier step is incomplete, then moves on a step. */
export const completeBuilderStep = (projectId: string, step: number) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/builder/steps/${step}/complete`);

export const useCompleteBuilderStep = (projectId: string) => useProjectCommand(projectId, completeBuilderStep);
