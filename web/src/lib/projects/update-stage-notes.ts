import type { StageNotes, StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface UpdateStageNotesInput<N extends StageNumber = StageNumber> {
  stage: N;
  fields: Partial<StageNotes<N>>;
}

export const updateStageNotes = (projectId: string, { stage, fields }: UpdateStageNotesInput) =>
  api.patch<CommandResponse>(`${projectPath(projectId)}/stages/${stage}/notes`, { fields });

export const useUpdateStageNotes = (projectId: string) => useProjectCommand(projectId, updateStageNotes);
