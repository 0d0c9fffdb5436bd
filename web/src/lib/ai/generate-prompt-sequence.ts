import type { FlowStageId } from '@vis/domain';
import { api } from '../api-client.ts';
import { isOutOfFreePlays } from './use-ai-failure.ts';

export interface PromptSequenceResponse {
  success: boolean;
  prompts: string[];
  stage: FlowStageId;
  offline: boolean;
  requestId: string;
}

/**
 * Spec 01 §7 POST /api/generate-prompt-sequence: prompts tailored to the project for one flow stage. Spec 01 §8:
 * a failed request falls back silently to the stage's default prompt ('Failed to generate prompt sequence' is
 * logged): this answers null then. Out of plays is the one failure the person is told about (the caller shows
 * the subscription modal), as for every other AI button.
 */
export const generatePromptSequence = async (
  input: { projectId: string; stage: FlowStageId; input: string },
  headers: Record<string, string>,
): Promise<string[] | null> => {
  try {
    const answer = await api.post<PromptSequenceResponse>('/api/generate-prompt-sequence', input, headers);
    return answer.success && answer.prompts.length > 0 ? answer.prompts : null;
  } catch (error) {
    if (isOutOfFreePlays(error)) throw error;
    console.warn('Failed to generate prompt sequence', error);
    return null;
  }
};
