import type { CreateSubscriptionResponse } from '@vis/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface CreateSubscriptionInput {
  email: string;
  /** Only when signed in (spec 02 §7). */
  userId?: string | null | undefined;
}

export const createSubscription = ({ email, userId }: CreateSubscriptionInput) =>
  api.post<CreateSubscriptionResponse>('/api/subscription/create', userId ? { email, userId } : { email });

/** POST /api/subscription/create: an incomplete $4/month subscription and the client secret to pay it. */
export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
