import type { QuickGenerateIdeaResponse } from '@vis/domain';
import { api } from '../api-client.ts';

export type { QuickProjectData } from '@vis/domain';

/** Spec 01 §7 POST /api/quick-generate-idea: a whole project from a core idea. */
export const quickGenerateIdea = async (input: { projectId: string; coreIdea: string; parameters: string[] }, headers: Record<string, string>) => {
  const answer = await api.post<QuickGenerateIdeaResponse>('/api/quick-generate-idea', input, headers);
  if (!answer.success) throw new Error(answer.message ?? 'Failed to generate idea');
  return answer.projectData;
};
