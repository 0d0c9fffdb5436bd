import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 01 §7: no refetch interval, no refetch on focus, data never stale, no retries. Freshness comes from
 * the live-update socket instead, which invalidates exactly what changed.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
