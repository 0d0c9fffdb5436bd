import type { CancelSubscriptionResponse } from '@vis/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const cancelSubscription = () => api.post<CancelSubscriptionResponse>('/api/subscription/cancel');

/** POST /api/subscription/cancel; spec 02 §4: the status (every account read) is refetched after. */
export const useCancelSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }) });
};
