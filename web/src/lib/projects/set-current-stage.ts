import type { StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const setCurrentStage = (projectId: string, stage: StageNumber) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/current-stage`, { stage });

export const useSetCurrentStage = (projectId: string) => useProjectCommand(projectId, setCurrentStage);
