import type { SubscriptionDetailsResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const subscriptionDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'subscription-details'],
    queryFn: () => api.get<SubscriptionDetailsResponse>('/api/subscription/details'),
    // 404 'No active subscription found.' is an answer, not a hiccup.
    retry: false,
  });

/** GET /api/subscription/details: spec 02 §6, only for a signed-in user who has a subscriptionId. */
export const useSubscriptionDetails = (enabled: boolean) => useQuery({ ...subscriptionDetailsQueryOptions(), enabled });
