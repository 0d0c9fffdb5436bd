import type { SpendingResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { analyticsKey, rangeQuery, type AnalyticsRange } from '../range.ts';

/** GET /api/analytics/spending for a range ending now, refetched on every charge, grant or coupon (live topic `spending`). */
export const useSpending = (range: AnalyticsRange) => {
  useLiveInvalidation(topics.spending, [...analyticsKey, 'spending']);
  return useQuery({
    queryKey: [...analyticsKey, 'spending', range],
    queryFn: () => api.get<SpendingResponse>(`/api/analytics/spending?${rangeQuery(range)}`),
    placeholderData: (previous) => previous,
  });
};
