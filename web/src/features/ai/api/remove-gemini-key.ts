import { api } from '../../../lib/api-client.ts';
import { projectPath } from '../../projects/api/get-project.ts';
import { useProjectCommand, type CommandResponse } from '../../projects/api/project-command.ts';

export const removeGeminiKey = (projectId: string, _input: void) => api.delete<CommandResponse>(`${projectPath(projectId)}/gemini-key`);

export const useRemoveGeminiKey = (projectId: string) => useProjectCommand(projectId, removeGeminiKey);
