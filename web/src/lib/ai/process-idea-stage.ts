import type { FlowStageId, IdeaStageResponse } from '@vis/domain';
import { api } from '../api-client.ts';

export interface IdeaStageOptions {
  focusOn?: string;
  iterations?: number;
  quick?: boolean;
}

export type { IdeaStageResponse };

/**
 * Spec 01 §7 POST /api/process-idea-stage: one stage of the idea generation flow. A locked stage answers 409
 * 'Cannot proceed' and costs nothing.
 */
export const processIdeaStage = async (
  input: { projectId: string; stage: FlowStageId; prompt: string; options: IdeaStageOptions },
  headers: Record<string, string>,
) => {
  // A failed stage answers a non-2xx status, which the API client raises (the contract's success is always true).
  const answer = await api.post<IdeaStageResponse>('/api/process-idea-stage', input, headers);
  // `cached`: the server answered the same question from its stored answer, and spent no play on it.
  return { results: answer.results, cached: answer.cached === true };
};
