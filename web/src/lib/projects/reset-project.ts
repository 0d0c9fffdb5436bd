import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** Spec 01 §4 'Settings reset': name 'New Viral Idea', stage data cleared, key status Not Set. */
export const resetProject = (projectId: string, _input: void) => api.post<CommandResponse>(`${projectPath(projectId)}/reset`);

export const useResetProject = (projectId: string) => useProjectCommand(projectId, resetProject);
