import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isPageLeaving } from '../../../lib/page-leave.ts';
import { pendingDrafts } from '../../../lib/save-status.ts';
import { needsSendingAgain, type InFlight } from '../../../lib/use-draft.ts';
import { revisionOf, textConflictOf, type TextBase } from '../../../lib/text-conflict.ts';

/** The builder's texts save this long after the last keystroke. */
export const BUILDER_SAVE_DEBOUNCE_MS = 800;

/**
 * A text the builder saves on its own: debounced, flushed by `flush` (step completion), by the screen's
 * 30-second autosave (it registers with the pending drafts) and on leaving the screen. While the user has
 * unsaved text, the server's value (a live update, a refetch) does not overwrite it.
 *
 * Each save says which project revision the text was made on (`baseRevision`: the one the shown text was loaded
 * at, then the one the field's own last save answered) and what the text was as this tab last saw or sent it
 * (`baseValue`: this tab's own earlier save is no conflict). A save the server refuses because another tab changed
 * the same text since is held as a `conflict`, and nothing more is sent, until the user keeps theirs (`keepMine`:
 * saved again on the other tab's revision) or the other one (`keepTheirs`).
 */
export const useSavedText = (
  serverValue: string,
  serverRevision: number | null,
  save: (value: string, base: TextBase) => Promise<unknown>,
  onError: (error: unknown) => void,
) => {
  const id = useId();
  const [value, setValue] = useState(serverValue);
  const [conflict, setConflict] = useState<{ theirs: string; revision: number } | null>(null);
  const latest = useRef({
    value: serverValue,
    dirty: false,
    conflicted: false,
    base: serverRevision,
    // The text as this tab last saw it from the server or sent it, and the one of the save waiting for its answer.
    seen: serverValue,
    inFlight: null as InFlight<string> | null,
    save,
    onError,
    flush: async () => {},
  });
  useLayoutEffect(() => {
    latest.current.save = save;
    latest.current.onError = onError;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (latest.current.dirty) return;
    latest.current.base = serverRevision;
    latest.current.seen = serverValue;
    // The server keeps the text trimmed: what the user typed stays as typed while it says the same.
    if (serverValue === latest.current.value.trim()) return;
    latest.current.value = serverValue;
    setValue(serverValue);
  }, [serverValue, serverRevision]);

  const send = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // Until the user keeps one version, nothing is sent: the save would only be refused again.
    if (latest.current.conflicted) return;
    if (!latest.current.dirty) return pendingDrafts.delete(id);
    const sent = latest.current.value;
    const waiting = latest.current.inFlight;
    if (waiting?.value === sent && !needsSendingAgain(waiting)) return;
    const baseValue = latest.current.seen;
    latest.current.seen = sent;
    const saving = { value: sent, outlivesPage: isPageLeaving() };
    latest.current.inFlight = saving;
    try {
      const result = await latest.current.save(sent, { baseRevision: latest.current.base ?? undefined, baseValue });
      latest.current.base = revisionOf(result) ?? latest.current.base;
      if (latest.current.value === sent) {
        latest.current.dirty = false;
        pendingDrafts.delete(id);
      }
    } catch (error) {
      // Kept unsaved: the next autosave tries again (after the user chose, for a conflict), and leaving asks first.
      pendingDrafts.failed(id, () => latest.current.flush());
      const refused = textConflictOf(error);
      if (!refused) return latest.current.onError(error);
      latest.current.conflicted = true;
      setConflict({ theirs: typeof refused.current.value === 'string' ? refused.current.value : '', revision: refused.current.revision });
    } finally {
      if (latest.current.inFlight === saving) latest.current.inFlight = null;
    }
  }, [id]);

  // One save at a time, except as the page goes (a save queued behind one waiting for its answer would never leave).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const flush = useCallback(() => {
    const run = isPageLeaving() ? send() : queue.current.then(send, send);
    queue.current = Promise.all([queue.current, run.catch(() => undefined)]);
    return run;
  }, [send]);
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
      if (!latest.current.conflicted) timer.current = setTimeout(() => void flush(), BUILDER_SAVE_DEBOUNCE_MS);
    },
    [id, flush],
  );

  useEffect(() => () => void flush(), [flush]);

  /** Your version wins: saved again, now on the revision of the other tab's change. */
  const keepMine = useCallback(() => {
    if (!conflict) return Promise.resolve();
    latest.current.conflicted = false;
    latest.current.base = conflict.revision;
    latest.current.seen = conflict.theirs;
    latest.current.dirty = true;
    setConflict(null);
    return flush();
  }, [conflict, flush]);

  /** The other tab's version wins: your text is dropped and the field shows theirs. */
  const keepTheirs = useCallback(() => {
    if (!conflict) return;
    pendingDrafts.delete(id);
    latest.current = { ...latest.current, conflicted: false, dirty: false, base: conflict.revision, seen: conflict.theirs, value: conflict.theirs };
    setValue(conflict.theirs);
    setConflict(null);
  }, [conflict, id]);

  return { value, change, flush, conflict: conflict && { mine: value, theirs: conflict.theirs }, keepMine, keepTheirs };
};
