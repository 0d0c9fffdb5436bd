import type { FlowStageId } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';

export interface IdeaStageOptions {
  focusOn?: string;
  iterations?: number;
  quick?: boolean;
}

export interface IdeaStageResponse {
  success: boolean;
  message?: string;
  results: { stage: FlowStageId; stageNumber: number; iterations: number; summary: string } & Record<string, unknown>;
}

/** Spec 01 §7 POST /api/process-idea-stage: one stage of the idea generation flow. */
export const processIdeaStage = async (input: { projectId: string; stage: FlowStageId; prompt: string; options: IdeaStageOptions }, headers: Record<string, string>) => {
  const answer = await api.post<IdeaStageResponse>('/api/process-idea-stage', input, headers);
  if (!answer.success) throw new Error(answer.message ?? 'Failed to process stage');
  return answer.results;
};
