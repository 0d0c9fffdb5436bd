import type { FlowStageId } from '@vis/domain';
import { api, ApiError } from '../api-client.ts';
import { isOutOfFreePlays } from './use-ai-failure.ts';

export interface ProcessQueryResponse {
  success: boolean;
  response: string;
  suggestions: string[];
  stage: FlowStageId;
  offline: boolean;
  requestId: string;
  error?: string;
}

/**
 * Spec 01 §7 POST /api/process-query: a question about one flow stage. Spec 01 §8: an HTTP failure is 'Server
 * responded with status: N', anything else 'Failed to process query'; both are logged only, and this answers
 * null. Out of plays goes to the caller (the subscription modal), as for every other AI button.
 */
export const processQuery = async (
  input: { projectId: string; stage: FlowStageId; query: string },
  headers: Record<string, string>,
): Promise<ProcessQueryResponse | null> => {
  try {
    const answer = await api.post<ProcessQueryResponse>('/api/process-query', input, headers);
    if (!answer.success) throw new Error(answer.error ?? 'Failed to process query');
    return answer;
  } catch (error) {
    if (isOutOfFreePlays(error)) throw error;
    console.warn(error instanceof ApiError ? `Server responded with status: ${error.status}` : 'Failed to process query', error);
    return null;
  }
};
