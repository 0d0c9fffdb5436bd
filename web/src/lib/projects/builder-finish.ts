import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** POST builder/finish with the screen's elapsed seconds: the completion view shows from then on. */
export const finishBuilder = (projectId: string, timeSpentSeconds: number) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/builder/finish`, { timeSpentSeconds });

export const useFinishBuilder = (projectId: string) => useProjectCommand(projectId, finishBuilder);
