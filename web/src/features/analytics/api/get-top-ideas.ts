import type { TopIdeasResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { analyticsKey } from '../range.ts';

const key = [...analyticsKey, 'top-ideas'] as const;

/** GET /api/analytics/top-ideas (all time), refetched when any published idea changes (live topic `marketplace`). */
export const useTopIdeas = () => {
  useLiveInvalidation(topics.marketplace, key);
  return useQuery({ queryKey: key, queryFn: () => api.get<TopIdeasResponse>('/api/analytics/top-ideas') });
};
