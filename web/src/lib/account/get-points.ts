import type { PointsResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const pointsQueryOptions = () => queryOptions({ queryKey: ['account', 'points'], queryFn: () => api.get<PointsResponse>('/api/user/points') });

/** Spec 02 §4: only fetched for a signed-in user. */
export const usePoints = (enabled: boolean) => useQuery({ ...pointsQueryOptions(), enabled });
