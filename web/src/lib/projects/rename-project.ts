import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const renameProject = (projectId: string, name: string) => api.put<CommandResponse>(`${projectPath(projectId)}/name`, { name });

export const useRenameProject = (projectId: string) => useProjectCommand(projectId, renameProject);
