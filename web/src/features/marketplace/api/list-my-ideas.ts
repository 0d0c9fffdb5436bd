import type { MarketplaceIdeasResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const myIdeasKey = ['marketplace', 'mine'] as const;

/** My ideas (issue 26): the asker's own published ideas, newest first. */
export const myIdeasQueryOptions = () =>
  queryOptions({ queryKey: myIdeasKey, queryFn: () => api.get<MarketplaceIdeasResponse>('/api/marketplace/mine') });

export const useMyIdeas = () => useQuery(myIdeasQueryOptions());
