import type { HistoryKind, ProjectHistoryEntry, ProjectHistoryResponse } from '@vis/domain';
import { topics } from '@vis/domain/contract/names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveInvalidation } from '../../../lib/live-updates.ts';
import { projectPath } from '../../../lib/projects/get-project.ts';

/** The server's largest page (MAX_HISTORY_PAGE). */
const PAGE = 200;
/** A timeline longer than this shows its latest part and says so: scrubbing 10,000 steps with a slider helps no one. */
export const MAX_TIMELINE_ENTRIES = 2000;

export interface HistoryTimeline {
  /** Oldest first: the order a slider scrubs through. */
  entries: ProjectHistoryEntry[];
  /** Older entries exist than those fetched. */
  truncated: boolean;
}

const fetchTimeline = async (id: string, kinds: readonly HistoryKind[]): Promise<HistoryTimeline> => {
  const newestFirst: ProjectHistoryEntry[] = [];
  const kindQuery = kinds.length > 0 ? `&kind=${kinds.join(',')}` : '';
  let cursor: string | null = null;
  do {
    const page: { data: ProjectHistoryResponse; headers: Headers } = await api.getWithHeaders<ProjectHistoryResponse>(
      `${projectPath(id)}/history?limit=${PAGE}${kindQuery}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    newestFirst.push(...page.data.history);
    cursor = page.headers.get('X-Next-Cursor');
  } while (cursor && newestFirst.length < MAX_TIMELINE_ENTRIES);
  return { entries: newestFirst.reverse(), truncated: cursor !== null };
};

/** A project's whole history (up to MAX_TIMELINE_ENTRIES), oldest first, of the kinds asked (all when none); kept fresh live. */
export const useHistoryTimeline = (id: string, kinds: readonly HistoryKind[]) => {
  const options = queryOptions({ queryKey: ['projects', id, 'history', 'timeline', [...kinds].sort()], queryFn: () => fetchTimeline(id, kinds) });
  useLiveInvalidation(topics.history(id), ['projects', id, 'history']);
  return useQuery({ ...options, placeholderData: (previous) => previous });
};
