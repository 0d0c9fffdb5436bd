import type { AiCallsResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { analyticsKey, rangeQuery, type AnalyticsRange } from '../range.ts';

/** GET /api/analytics/ai-calls for a range ending now, refetched on every AI outcome (live topic `ai_calls`). */
export const useAiCalls = (range: AnalyticsRange) => {
  useLiveInvalidation(topics.aiCalls, [...analyticsKey, 'ai-calls']);
  return useQuery({
    queryKey: [...analyticsKey, 'ai-calls', range],
    queryFn: () => api.get<AiCallsResponse>(`/api/analytics/ai-calls?${rangeQuery(range)}`),
    placeholderData: (previous) => previous,
  });
};
