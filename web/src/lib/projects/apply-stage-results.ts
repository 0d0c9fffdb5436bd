import type { FlowStageId } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import type { CommandResponse } from './project-command.ts';

/**
 * Puts a flow stage's results kept in this browser into the project again (a cached answer: no play spent).
 * The server decides what they change, as it does for a fresh answer: lists gain new values, texts replace.
 */
export const applyStageResults = (projectId: string, stage: FlowStageId, results: Record<string, unknown>) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/stage-results`, { stage, results });
