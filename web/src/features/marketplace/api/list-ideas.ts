import type { MarketplaceIdeasResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import type { IdeaSort } from '../idea-sorts.ts';

/** Ideas per page: four rows of the three-column grid. */
export const IDEAS_PAGE_SIZE = 12;

/** Every order's list; a like or a live change invalidates them all. */
export const ideasListKey = ['marketplace', 'list'] as const;

export interface IdeasPage {
  ideas: MarketplaceIdeasResponse;
  /** The next page's cursor (`X-Next-Cursor`), null on the last page. */
  nextCursor: string | null;
}

export const ideasQueryOptions = (sort: IdeaSort) =>
  infiniteQueryOptions({
    queryKey: [...ideasListKey, sort],
    queryFn: async ({ pageParam }): Promise<IdeasPage> => {
      const params = new URLSearchParams({ sort, limit: String(IDEAS_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      const { data, headers } = await api.getWithHeaders<MarketplaceIdeasResponse>(`/api/marketplace/ideas?${params}`);
      return { ideas: data, nextCursor: headers.get('X-Next-Cursor') };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Followed live only while shown: coming back (from an idea's page, whose view it counted) reads it afresh.
    refetchOnMount: 'always',
  });

/**
 * The published ideas in one order, page by page; any idea's change (a like, a view, a new idea) announced on the
 * `marketplace` topic refetches the pages shown.
 */
export const useIdeas = (sort: IdeaSort) => {
  useLiveInvalidation(topics.marketplace, ideasListKey);
  return useInfiniteQuery(ideasQueryOptions(sort));
};
