import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { pendingDrafts } from '../../../lib/save-status.ts';

/** The builder's texts save this long after the last keystroke. */
export const BUILDER_SAVE_DEBOUNCE_MS = 800;

/**
 * A text the builder saves on its own: debounced, flushed by `flush` (step completion), by the screen's
 * 30-second autosave (it registers with the pending drafts) and on leaving the screen. While the user has
 * unsaved text, the server's value (a live update, a refetch) does not overwrite it.
 */
export const useSavedText = (serverValue: string, save: (value: string) => Promise<unknown>, onError: (error: unknown) => void) => {
  const id = useId();
  const [value, setValue] = useState(serverValue);
  const latest = useRef({ value: serverValue, dirty: false, save, onError, flush: async () => {} });
  useLayoutEffect(() => {
    latest.current.save = save;
    latest.current.onError = onError;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // The server keeps the text trimmed: what the user typed stays as typed while it says the same.
    if (latest.current.dirty || serverValue === latest.current.value.trim()) return;
    latest.current.value = serverValue;
    setValue(serverValue);
  }, [serverValue]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingDrafts.delete(id);
    if (!latest.current.dirty) return;
    const sent = latest.current.value;
    try {
      await latest.current.save(sent);
      if (latest.current.value === sent) latest.current.dirty = false;
    } catch (error) {
      // Kept unsaved: the next autosave tries again.
      pendingDrafts.set(id, () => latest.current.flush());
      latest.current.onError(error);
    }
  }, [id]);
  useLayoutEffect(() => {
    latest.current.flush = flush;
  }, [flush]);

  const change = useCallback(
    (next: string) => {
      latest.current.value = next;
      latest.current.dirty = true;
      setValue(next);
      pendingDrafts.set(id, flush);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), BUILDER_SAVE_DEBOUNCE_MS);
    },
    [id, flush],
  );

  useEffect(() => () => void flush(), [flush]);

  return { value, change, flush };
};
