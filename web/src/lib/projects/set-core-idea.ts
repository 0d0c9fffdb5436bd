import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const setCoreIdea = (projectId: string, coreIdea: string) => api.put<CommandResponse>(`${projectPath(projectId)}/core-idea`, { coreIdea });

export const useSetCoreIdea = (projectId: string) => useProjectCommand(projectId, setCoreIdea);
