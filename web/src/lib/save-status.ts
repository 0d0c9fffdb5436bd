import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { setPageLeaving } from './page-leave.ts';

/**
 * Text typed into a field is held back for the spec's save debounce (2 s, spec 01 §4) before its command goes
 * out. Those held-back drafts register here, so the saved/saving indicator counts them and Save can flush them.
 */
const drafts = new Map<string, () => Promise<unknown>>();
/** Drafts whose last save did not go through (it failed, or another tab's text is in the way): see `guardLeaving`. */
const unsent = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => {
  guardLeaving();
  listeners.forEach((listener) => listener());
};

export const pendingDrafts = {
  set: (id: string, flush: () => Promise<unknown>) => {
    const had = drafts.has(id);
    drafts.set(id, flush);
    if (!had) emit();
  },
  /** The draft is saved (or dropped): nothing of it is pending or unsent any more. */
  delete: (id: string) => {
    const hadUnsent = unsent.delete(id);
    if (drafts.delete(id) || hadUnsent) emit();
  },
  /** Its save failed or was refused: kept pending (Save and the next change retry it), and leaving the page asks first. */
  failed: (id: string, flush: () => Promise<unknown>) => {
    drafts.set(id, flush);
    unsent.add(id);
    emit();
  },
  flushAll: () => Promise.allSettled([...drafts.values()].map((flush) => flush())),
};

/**
 * Leaving the page asks first only when typed text could not be sent: a save failed or was refused, or the
 * browser is offline with text still waiting. Text merely waiting for the debounce is sent as the page goes
 * (`flushWhenLeaving`), so it asks nothing then; and with no listener the page stays eligible for the back/forward cache.
 */
const askBeforeLeaving = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older Chromium asks only when returnValue is set.
  event.returnValue = '';
};
let guarded = false;
const guardLeaving = () => {
  if (typeof window === 'undefined') return;
  const needed = unsent.size > 0 || (drafts.size > 0 && !navigator.onLine);
  if (needed === guarded) return;
  guarded = needed;
  if (needed) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
};

/**
 * Text typed in the last seconds before a reload, a typed address or a closed tab is sent as the page goes:
 * `pagehide` and a hidden `visibilitychange` (the last moment a phone reliably gives) send every pending draft at
 * once, as keepalive requests that outlive the page (page-leave.ts).
 */
export const flushWhenLeaving = () => {
  const leave = () => {
    setPageLeaving(true);
    void pendingDrafts.flushAll();
  };
  const back = () => setPageLeaving(false);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', back);
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? leave() : back()));
  window.addEventListener('online', guardLeaving);
  window.addEventListener('offline', guardLeaving);
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
