import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isAutoSaveOn } from './auto-save.ts';
import { pendingDrafts } from './save-status.ts';

/** Spec 01 §9: a change is saved 2 seconds after the user stops typing (and at once on leaving the field). */
export const SAVE_DEBOUNCE_MS = 2000;

/**
 * A text field whose value is the server's until the user types; typed text is saved after the debounce, on
 * blur (both only with Auto Save on), on Save and on leaving the screen. While the user has unsaved text, live updates do not overwrite it.
 */
export const useDraft = <T>(serverValue: T, save: (value: T) => Promise<unknown>, equal: (a: T, b: T) => boolean = Object.is) => {
  const id = useId();
  const [value, setValue] = useState(serverValue);
  const dirty = useRef(false);
  const latest = useRef({ value, save });
  useLayoutEffect(() => {
    latest.current = { value, save };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!dirty.current) setValue(serverValue);
  }, [serverValue]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingDrafts.delete(id);
    if (!dirty.current) return;
    const sent = latest.current.value;
    try {
      await latest.current.save(sent);
    } finally {
      if (equal(latest.current.value, sent)) dirty.current = false;
    }
  }, [id, equal]);

  const change = useCallback(
    (next: T) => {
      dirty.current = true;
      setValue(next);
      latest.current = { ...latest.current, value: next };
      pendingDrafts.set(id, flush);
      if (timer.current) clearTimeout(timer.current);
      // With Auto Save off, typed text waits for Save (or for the user leaving the screen, so nothing is lost).
      if (isAutoSaveOn()) timer.current = setTimeout(() => void flush().catch(() => undefined), SAVE_DEBOUNCE_MS);
    },
    [id, flush],
  );

  useEffect(
    () => () => {
      void flush().catch(() => undefined);
    },
    [flush],
  );

  const flushOnBlur = useCallback(() => {
    if (isAutoSaveOn()) void flush().catch(() => undefined);
  }, [flush]);

  return { value, change, flush: flushOnBlur };
};
