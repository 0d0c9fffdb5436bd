import type { DraftStageResponse } from '@vis/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { projectQueryOptions } from '../projects/get-project.ts';

export interface DraftStageInput {
  projectId: string;
  stage: 3 | 4 | 5;
  /** One field's Suggest; without it the whole stage is drafted. */
  field?: string;
}

export type { DraftStageResponse };

/** POST /api/draft-stage: the server puts the draft into the project in the request that charges for it. */
export const draftStage = (input: DraftStageInput) => api.post<DraftStageResponse>('/api/draft-stage', input);

export const useDraftStage = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<DraftStageInput, 'projectId'>) => draftStage({ projectId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
  });
};
