import type { AuthUserResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLiveInvalidation } from '../live-updates.ts';

export type AuthUser = AuthUserResponse;

/** Spec 01 §4, §7: the sign-in status is not retried and is cached for 5 minutes. */
export const authUserQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'auth-user'], queryFn: () => api.get<AuthUser>('/api/auth/user'), staleTime: 5 * 60_000, retry: false });

export const useAuthUser = () => {
  useLiveInvalidation(topics.myBalance, ['account']);
  return useQuery(authUserQueryOptions());
};
