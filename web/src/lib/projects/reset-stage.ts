import type { StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** Spec 01 §4 'Stage reset': one stage's own fields back to a new project's, its suggestions gone. */
export const resetStage = (projectId: string, stage: StageNumber) => api.post<CommandResponse>(`${projectPath(projectId)}/stages/${stage}/reset`);

export const useResetStage = (projectId: string) => useProjectCommand(projectId, resetStage);
