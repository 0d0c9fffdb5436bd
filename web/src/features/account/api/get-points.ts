import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const pointsQueryOptions = () => queryOptions({ queryKey: ['account', 'points'], queryFn: () => api.get<{ success: true; points: number }>('/api/user/points') });

/** Spec 02 §4: only fetched for a signed-in user. */
export const usePoints = (enabled: boolean) => useQuery({ ...pointsQueryOptions(), enabled });
