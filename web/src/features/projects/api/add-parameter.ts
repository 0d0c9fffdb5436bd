import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectQueryOptions } from './get-project.ts';

export interface AddParameterInput {
  list?: string;
  value: string;
}

export const useAddParameter = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddParameterInput) =>
      api.post<{ success: true; added: boolean; position: string }>(`/api/projects/${encodeURIComponent(projectId)}/parameters`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
  });
};
