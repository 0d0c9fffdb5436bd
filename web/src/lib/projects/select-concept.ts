import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const selectConcept = (projectId: string, index: number) => api.put<CommandResponse>(`${projectPath(projectId)}/selected-concept`, { index });

export const useSelectConcept = (projectId: string) => useProjectCommand(projectId, selectConcept);
