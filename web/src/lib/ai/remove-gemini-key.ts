import type { RemoveGeminiKeyResponse } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from '../projects/get-project.ts';
import { useProjectCommand } from '../projects/project-command.ts';

export const removeGeminiKey = (projectId: string, _input: void) => api.delete<RemoveGeminiKeyResponse>(`${projectPath(projectId)}/gemini-key`);

export const useRemoveGeminiKey = (projectId: string) => useProjectCommand(projectId, removeGeminiKey);
