import { useCallback, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';

/** How the user pressed a stand-in trigger while the popup's code was still on its way. */
export type OpenedWith = 'pointer' | 'keyboard';

/** What the real popup needs to carry on where its stand-in trigger left off. */
export interface Handover {
  openedWith: OpenedWith | null;
  triggerHadFocus: boolean;
}

export interface CodeOnDemand<T> {
  current: () => T | undefined;
  load: () => Promise<T>;
}

/**
 * Code fetched on first need and then kept: a screen that mounts after it arrived renders the real thing at once.
 * A failed fetch is forgotten, so the next attempt tries again.
 */
export const codeOnDemand = <T>(fetch: () => Promise<T>): CodeOnDemand<T> => {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => loaded,
    load: () =>
      (pending ??= fetch().then(
        (value) => (loaded = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
};

/**
 * A popup whose code the first page does not carry: until it arrives a look-alike stand-in trigger shows, which
 * fetches it (`fetchFor`) when the user shows intent. How the stand-in was pressed meanwhile and whether it had the
 * focus are handed over to the real popup.
 */
export const useCodeOnIntent = <T>(code: CodeOnDemand<T>) => {
  const [loaded, setLoaded] = useState(code.current);
  const [handover, setHandover] = useState<Handover>({ openedWith: null, triggerHadFocus: false });

  const fetchFor = useCallback(
    (standIn: Element | null, openedWith: OpenedWith | null = null) => {
      if (openedWith) setHandover((previous) => ({ ...previous, openedWith }));
      void code.load().then((value) => {
        setHandover((previous) => ({ ...previous, triggerHadFocus: standIn !== null && document.activeElement === standIn }));
        setLoaded(() => value);
      });
    },
    [code],
  );
  return { loaded, handover, fetchFor };
};

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A menu's stand-in trigger: the pointer coming near or the focus fetch the menu, and a press before it arrived
 * (pointer down, or Enter, Space or ArrowDown, as Radix's own menu trigger opens) is remembered, so the menu opens
 * as soon as it is there.
 */
export const useMenuOnIntent = <T>(code: CodeOnDemand<T>) => {
  const { loaded, handover, fetchFor } = useCodeOnIntent(code);
  return {
    loaded,
    handover,
    standInHandlers: {
      onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => fetchFor(event.currentTarget),
      onFocus: (event: FocusEvent<HTMLButtonElement>) => fetchFor(event.currentTarget),
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix does: the trigger does not take the focus, so the menu can.
        event.preventDefault();
        fetchFor(event.currentTarget, 'pointer');
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        fetchFor(event.currentTarget, 'keyboard');
      },
    },
  };
};
