import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';

export interface AuthUser {
  isAuthenticated: boolean;
  displayName: string | null;
  email: string | null;
  aiPoints: number;
  subscriptionStatus: string;
  remainingFreeUses: number;
}

/** Spec 01 §4, §7: the sign-in status is not retried and is cached for 5 minutes. */
export const authUserQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'auth-user'], queryFn: () => api.get<AuthUser>('/api/auth/user'), staleTime: 5 * 60_000, retry: false });

export const useAuthUser = () => {
  useLiveInvalidation('balance:mine', ['account']);
  return useQuery(authUserQueryOptions());
};
