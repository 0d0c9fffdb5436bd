import type { ApplySubscriptionCouponResponse } from '@vis/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const applySubscriptionCoupon = ({ subscriptionId, couponCode }: { subscriptionId: string; couponCode: string }) =>
  api.post<ApplySubscriptionCouponResponse>('/api/subscription/apply-coupon', { subscriptionId, couponCode });

/** POST /api/subscription/apply-coupon: a Stripe promotion code on the subscription being paid. */
export const useApplySubscriptionCoupon = () => useMutation({ mutationFn: applySubscriptionCoupon });
