import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** POST builder/reopen: Back to Editor from the completion view; everything is kept. */
export const reopenBuilder = (projectId: string) => api.post<CommandResponse>(`${projectPath(projectId)}/builder/reopen`);

export const useReopenBuilder = (projectId: string) => useProjectCommand<void>(projectId, (id) => reopenBuilder(id));
