import type { StageFunnelResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { analyticsKey } from '../range.ts';

const key = [...analyticsKey, 'stage-funnel'] as const;

/** GET /api/analytics/stage-funnel (all time), refetched whenever the funnel changes (live topic `stage_funnel`). */
export const useStageFunnel = () => {
  useLiveInvalidation(topics.stageFunnel, key);
  return useQuery({ queryKey: key, queryFn: () => api.get<StageFunnelResponse>('/api/analytics/stage-funnel') });
};
