import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Text typed into a field is held back for the spec's save debounce (2 s, spec 01 §4) before its command goes
 * out. Those held-back drafts register here, so the saved/saving indicator counts them and Save can flush them.
 */
const drafts = new Map<string, () => Promise<unknown>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const pendingDrafts = {
  set: (id: string, flush: () => Promise<unknown>) => {
    const had = drafts.has(id);
    drafts.set(id, flush);
    if (!had) emit();
  },
  delete: (id: string) => {
    if (drafts.delete(id)) emit();
  },
  flushAll: () => Promise.allSettled([...drafts.values()].map((flush) => flush())),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const draftCount = () => drafts.size;

export type SaveStatus = 'saved' | 'saving' | 'unsaved';

export const useSaveStatus = (): SaveStatus => {
  const mutating = useIsMutating();
  const unsaved = useSyncExternalStore(subscribe, draftCount);
  if (mutating > 0) return 'saving';
  return unsaved > 0 ? 'unsaved' : 'saved';
};

/** What a Save button does: send every held-back draft now and wait until every command has been answered. */
export const useFlushSaves = () => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await pendingDrafts.flushAll();
    while (queryClient.isMutating() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }, [queryClient]);
};
