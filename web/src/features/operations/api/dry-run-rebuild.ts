import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DryRun } from '../types.ts';

/** POST /api/ops/projections/{name}/rebuild?dryRun=true: how many events a rebuild would read; changes nothing. */
export const useRebuildDryRun = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ops', 'projections', name, 'dry-run'],
    queryFn: () => api.post<{ success: true; dryRun: DryRun }>(`/api/ops/projections/${encodeURIComponent(name)}/rebuild?dryRun=true`),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
