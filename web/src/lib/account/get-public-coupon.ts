import type { PublicCouponResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const publicCouponQueryOptions = () =>
  queryOptions({ queryKey: ['public-coupon'], queryFn: () => api.get<PublicCouponResponse>('/api/public-coupon') });

/** The code the landing page advertises and the subscription modal prefills (spec 01 §9). */
export const usePublicCoupon = () => useQuery(publicCouponQueryOptions());
