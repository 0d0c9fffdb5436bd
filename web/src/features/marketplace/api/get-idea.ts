import type { MarketplaceIdea } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';

/** Spec 02 §3 'Marketplace idea', plus whether it is the caller's own: the wire contract's. */
export type { MarketplaceIdea };

export const ideaPath = (id: string) => `/api/marketplace/ideas/${encodeURIComponent(id)}`;

export const ideaQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['marketplace', 'ideas', id], queryFn: () => api.get<MarketplaceIdea>(ideaPath(id)) });

/** One idea, its counts kept live by the `idea:<id>` topic (anyone's like or view). */
export const useIdea = (id: string) => {
  const options = ideaQueryOptions(id);
  useLiveInvalidation(topics.idea(id), options.queryKey);
  return useQuery(options);
};
