import type { StageNotes, StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface UpdateStageNotesInput<N extends StageNumber = StageNumber> {
  stage: N;
  fields: Partial<StageNotes<N>>;
  /** The project revision the text was loaded at: a newer save of the same text from another tab is then not overwritten. */
  baseRevision?: number;
}

export const updateStageNotes = (projectId: string, { stage, fields, baseRevision }: UpdateStageNotesInput) =>
  api.patch<CommandResponse>(`${projectPath(projectId)}/stages/${stage}/notes`, { fields, ...(baseRevision === undefined ? {} : { baseRevision }) });

export const useUpdateStageNotes = (projectId: string) => useProjectCommand(projectId, updateStageNotes);
