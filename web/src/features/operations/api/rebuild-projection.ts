import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/ops/projections/{name}/rebuild: starts a rebuild beside the serving collection (202); progress shows in the status. */
export const useRebuildProjection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<{ success: true; message: string }>(`/api/ops/projections/${encodeURIComponent(name)}/rebuild`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops', 'projections'] }),
  });
};
