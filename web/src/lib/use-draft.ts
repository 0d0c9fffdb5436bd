import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isAutoSaveOn } from './auto-save.ts';
import { isPageLeaving } from './page-leave.ts';
import { pendingDrafts } from './save-status.ts';
import { revisionOf, textConflictOf, type TextBase } from './text-conflict.ts';

/** Spec 01 §9: a change is saved 2 seconds after the user stops typing (and at once on leaving the field). */
export const SAVE_DEBOUNCE_MS = 2000;

/** A save waiting for its answer: its text, and whether it went out as the page was going (a keepalive request). */
export interface InFlight<T> {
  value: T;
  outlivesPage: boolean;
}

/**
 * Whether a save of the same text must go out again as the page goes: yes unless the waiting one was itself sent
 * then. A save sent earlier is an ordinary request, which the browser cancels with the page, and one still queued
 * (behind the stage's previous save, or for a free connection on a slow network) never leaves it at all: on a
 * 300 ms round trip, leaving stage 5 just after typing lost 7 of its 12 texts (save-on-leave.e2e). Sent twice, the
 * server takes the second as no change whenever the first landed (text-edits.ts: a text left as stored is no
 * conflict).
 */
export const needsSendingAgain = (saving: InFlight<unknown>) => isPageLeaving() && !saving.outlivesPage;

/** Another tab saved the same text first: both versions, until the user keeps one. */
export interface DraftConflict<T> {
  mine: T;
  theirs: T;
}

/**
 * A text field whose value is the server's until the user types; typed text is saved after the debounce, on
 * blur (both only with Auto Save on), on Save and on leaving the screen. While the user has unsaved text, live updates do not overwrite it.
 *
 * With the server's `revision` given, each save says which revision the text was made on (`baseRevision`): the
 * revision the shown value was loaded at, then the one the field's own last save answered; and the text as this
 * tab last saw or sent it (`baseValue`), so that the server tells this tab's own earlier save from another
 * writer's. A save the server refuses because another tab changed the same text since is held as a `conflict`
 * until the user keeps theirs (`keepMine`: saved again on the other tab's revision) or the other one (`keepTheirs`:
 * the draft is dropped). A save that fails otherwise keeps the text unsaved (pendingDrafts.failed).
 */
export const useDraft = <T>(
  serverValue: T,
  save: (value: T, base: TextBase<T>) => Promise<unknown>,
  equal: (a: T, b: T) => boolean = Object.is,
  serverRevision: number | null = null,
) => {
  const id = useId();
  const [value, setValue] = useState(serverValue);
  const [refusal, setRefusal] = useState<{ theirs: T; revision: number } | null>(null);
  // The other tab's text may change again while the user decides: they choose against the newest one shown.
  const conflict = useMemo(
    () => (refusal && serverRevision !== null && serverRevision > refusal.revision ? { theirs: serverValue, revision: serverRevision } : refusal),
    [refusal, serverRevision, serverValue],
  );
  const dirty = useRef(false);
  const base = useRef(serverRevision);
  // The text as this tab last saw it from the server or sent it: the server's own-write check (text-edits.ts).
  const seen = useRef(serverValue);
  // The text of the save waiting for its answer, if any, and whether it outlives the page: see `send`.
  const inFlight = useRef<InFlight<T> | null>(null);
  const conflicted = useRef(false);
  const latest = useRef({ value, save });
  useLayoutEffect(() => {
    latest.current = { value, save };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // One save at a time: a second one sent before the first is answered would be made on the first one's base,
  // and the server would take the field's own earlier save for another tab's.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const flushRef = useRef<() => Promise<unknown>>(() => Promise.resolve());

  useEffect(() => {
    if (!dirty.current) {
      setValue(serverValue);
      base.current = serverRevision;
      seen.current = serverValue;
    }
  }, [serverValue, serverRevision]);

  const send = useCallback(async () => {
    // Until the user keeps one version, nothing is sent: the next save would only be refused again.
    if (conflicted.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return pendingDrafts.delete(id);
    const sent = latest.current.value;
    if (inFlight.current && equal(inFlight.current.value, sent) && !needsSendingAgain(inFlight.current)) return;
    const baseValue = seen.current;
    seen.current = sent;
    const saving = { value: sent, outlivesPage: isPageLeaving() };
    inFlight.current = saving;
    try {
      const result = await latest.current.save(sent, { baseRevision: base.current ?? undefined, baseValue });
      base.current = revisionOf(result) ?? base.current;
      if (equal(latest.current.value, sent)) {
        dirty.current = false;
        pendingDrafts.delete(id);
      }
    } catch (error) {
      pendingDrafts.failed(id, flushRef.current);
      const refused = textConflictOf(error);
      if (!refused) throw error;
      conflicted.current = true;
      setRefusal({ theirs: refused.current.value as T, revision: refused.current.revision });
    } finally {
      if (inFlight.current === saving) inFlight.current = null;
    }
  }, [id, equal]);

  const flushNow = useCallback(() => {
    // One save at a time, except as the page goes: then the text is sent at once, since a save queued behind one
    // still waiting for its answer would never leave the page. The server tells the two apart by their base value.
    if (isPageLeaving()) {
      const run = send();
      queue.current = Promise.all([queue.current, run.catch(() => undefined)]);
      return run;
    }
    const run = queue.current.then(send, send);
    queue.current = run.catch(() => undefined);
    return run;
  }, [send]);
  useLayoutEffect(() => {
    flushRef.current = flushNow;
  }, [flushNow]);

  const change = useCallback(
    (next: T) => {
      dirty.current = true;
      setValue(next);
      latest.current = { ...latest.current, value: next };
      pendingDrafts.set(id, flushNow);
      if (timer.current) clearTimeout(timer.current);
      // With Auto Save off, typed text waits for Save (or for the user leaving the screen, so nothing is lost).
      if (isAutoSaveOn() && !conflicted.current) timer.current = setTimeout(() => void flushNow().catch(() => undefined), SAVE_DEBOUNCE_MS);
    },
    [id, flushNow],
  );

  useEffect(
    () => () => {
      void flushNow().catch(() => undefined);
    },
    [flushNow],
  );

  const flushOnBlur = useCallback(() => {
    if (isAutoSaveOn()) void flushNow().catch(() => undefined);
  }, [flushNow]);

  /** Your version wins: saved again, now on the revision of the other tab's change. */
  const keepMine = useCallback(() => {
    if (!conflict) return Promise.resolve();
    conflicted.current = false;
    base.current = conflict.revision;
    seen.current = conflict.theirs;
    dirty.current = true;
    setRefusal(null);
    return flushNow();
  }, [conflict, flushNow]);

  /** The other tab's version wins: your draft is dropped and the field shows theirs. */
  const keepTheirs = useCallback(() => {
    if (!conflict) return;
    conflicted.current = false;
    dirty.current = false;
    base.current = conflict.revision;
    seen.current = conflict.theirs;
    pendingDrafts.delete(id);
    latest.current = { ...latest.current, value: conflict.theirs };
    setValue(conflict.theirs);
    setRefusal(null);
  }, [conflict, id]);

  return {
    value,
    change,
    flush: flushOnBlur,
    conflict: conflict && ({ mine: value, theirs: conflict.theirs } satisfies DraftConflict<T>),
    keepMine,
    keepTheirs,
  };
};
