import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/ops/projections/{name}/resume: restarts a stopped projection at the event it stopped at, or past it
 * when `skip` names that event's position (an operator's decision, logged with `by`).
 */
export const useResumeProjection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, skip, by }: { name: string; skip?: number; by?: string }) =>
      api.post<{ success: true; message: string }>(`/api/ops/projections/${encodeURIComponent(name)}/resume`, { skip, by }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops', 'projections'] }),
  });
};
