import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const removeConcept = (projectId: string, index: number) => api.delete<CommandResponse>(`${projectPath(projectId)}/concepts/${index}`);

export const useRemoveConcept = (projectId: string) => useProjectCommand(projectId, removeConcept);
