import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProjectionRow } from '../types.ts';

/** How often the screen asks again: status changes by the millisecond while projections follow the log. */
export const STATUS_REFRESH_MS = 2000;

export const projectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'projections'],
    queryFn: () => api.get<{ success: true; projections: ProjectionRow[] }>('/api/ops/projections'),
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });

/** GET /api/ops/projections: every projection's position, lag, state and error, asked again every 2 s while the page shows. */
export const useProjections = () => useQuery(projectionsQueryOptions());
