import type { SubscriptionStatusBody } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Under 'account': a redeemed coupon, a payment or a cancellation refetches it with every other account read. */
export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'subscription-status'],
    queryFn: () => api.get<SubscriptionStatusBody>('/api/subscription/status'),
  });

/** GET /api/subscription/status (spec 02 §7). */
export const useSubscriptionStatus = (enabled: boolean) => useQuery({ ...subscriptionStatusQueryOptions(), enabled });
