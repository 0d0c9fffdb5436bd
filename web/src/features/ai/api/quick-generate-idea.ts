import { api } from '../../../lib/api-client.ts';

export interface QuickProjectData {
  name: string;
  coreIdea: string;
  parameters: string[];
  currentStageIndex: number;
  stages: { stageNumber: number; title: string; data: Record<string, unknown> }[];
}

/** Spec 01 §7 POST /api/quick-generate-idea: a whole project from a core idea. */
export const quickGenerateIdea = async (input: { projectId: string; coreIdea: string; parameters: string[] }, headers: Record<string, string>) => {
  const answer = await api.post<{ success: boolean; message?: string; projectData: QuickProjectData }>('/api/quick-generate-idea', input, headers);
  if (!answer.success) throw new Error(answer.message ?? 'Failed to generate idea');
  return answer.projectData;
};
