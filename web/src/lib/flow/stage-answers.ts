import type { FlowStageId } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from '../projects/get-project.ts';

/**
 * The generator's stored AI answers live on the server (command-api/src/ai/stage-answers.ts): the same stage
 * request for the same project costs one play, from any device. Settings clears them (spec 01 §3 "clear one or
 * all caches"); each answers how many stored answers it removed.
 */
export interface ClearedStageAnswers {
  success: boolean;
  cleared: number;
}

export const clearStageAnswers = (projectId: string, stage: FlowStageId) =>
  api.delete<ClearedStageAnswers>(`${projectPath(projectId)}/stage-answers/${stage}`);

/** Every stored answer of every project the person owns. */
export const clearAllStageAnswers = () => api.delete<ClearedStageAnswers>('/api/stage-answers');
