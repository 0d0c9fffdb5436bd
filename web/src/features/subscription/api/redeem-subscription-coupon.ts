import type { RedeemCouponResponse } from '@vis/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const redeemSubscriptionCoupon = (couponCode: string) => api.post<RedeemCouponResponse>('/api/subscription/redeem-coupon', { couponCode });

/** POST /api/subscription/redeem-coupon; spec 02 §4: the status (every account read) is refetched after. */
export const useRedeemSubscriptionCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemSubscriptionCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }) });
};
