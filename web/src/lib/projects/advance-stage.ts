import type { StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface AdvanceStageInput {
  fromStage: StageNumber;
  /** The warning dialog's 'Continue Anyway' (spec 01 §4). */
  continueAnyway?: boolean;
}

/** A 400 with `issues` ('path: message') means the stage is incomplete: the warning dialog lists them. */
export const advanceStage = (projectId: string, input: AdvanceStageInput) => api.post<CommandResponse>(`${projectPath(projectId)}/advance`, input);

export const useAdvanceStage = (projectId: string) => useProjectCommand(projectId, advanceStage);
