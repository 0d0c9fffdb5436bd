import type { RedeemCouponResponse } from '@vis/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const redeemCoupon = (couponCode: string) => api.post<RedeemCouponResponse>('/api/redeem-coupon', { couponCode });

/** A redeemed coupon changes the balance: every account read is refetched. */
export const useRedeemCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }) });
};
