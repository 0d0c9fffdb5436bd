import type { QuickGenerateIdeaResponse } from '@vis/domain';
import { api } from '../api-client.ts';

export type { QuickProjectData } from '@vis/domain';

/** Quick Start's choice: fill the project the person is on, or make a new one. */
export type QuickStartTarget = 'fill' | 'new';

export type QuickGenerateIdeaInput =
  { target: 'fill'; projectId: string; coreIdea: string; parameters: string[] } | { target: 'new'; coreIdea: string; parameters: string[] };

/**
 * Spec 01 §7 POST /api/quick-generate-idea: a whole project from a core idea. The server puts it into the project
 * (filled, or made new) in the same request; the answer names the project and where it landed.
 */
export const quickGenerateIdea = async (input: QuickGenerateIdeaInput, headers: Record<string, string>) => {
  const answer = await api.post<QuickGenerateIdeaResponse>('/api/quick-generate-idea', input, headers);
  if (!answer.success || !answer.projectId) throw new Error(answer.message ?? 'Failed to generate idea');
  return { projectData: answer.projectData, projectId: answer.projectId };
};
