import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const publicCouponQueryOptions = () =>
  queryOptions({ queryKey: ['public-coupon'], queryFn: () => api.get<{ success: true; code: string }>('/api/public-coupon') });

/** The code the landing page advertises and the subscription modal prefills (spec 01 §9). */
export const usePublicCoupon = () => useQuery(publicCouponQueryOptions());
