import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipHandover, type TooltipSide } from './tooltip.tsx';

/**
 * The skip delay across tooltips. Each tooltip has its own Radix provider, because one around the whole app would
 * put Radix's code back on the first page; so whether the next tooltip opens at once is kept here: from one
 * opening until 300 ms after it closed.
 */
const skipDelay = (() => {
  let skipping = false;
  let timer: number | undefined;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    skipping = value;
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    skipping: () => skipping,
    opened: () => {
      window.clearTimeout(timer);
      set(true);
    },
    closed: () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => set(false), TOOLTIP_SKIP_DELAY_MS);
    },
  };
})();

/** The tooltip itself, taking over from `Tooltip`'s stand-in where it left off (`handover`). */
export const TooltipPopup = ({
  content,
  side,
  handover,
  children,
}: {
  content: ReactNode;
  side: TooltipSide;
  handover: TooltipHandover;
  children: ReactElement;
}) => {
  const skipping = useSyncExternalStore(skipDelay.subscribe, skipDelay.skipping);
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const handoverTimer = useRef<number | undefined>(undefined);
  const stopWatchingPointer = useRef(() => {});
  // The trigger, rendered anew, gets the stand-in's focus back: whether that focus shows the tooltip is the
  // stand-in's (a tap's focus stayed hidden there), not what the browser makes of a focus given by script.
  const refocus = useRef<boolean | null>(handover.triggerHadFocus ? handover.focusVisible : null);

  const change = useCallback((next: boolean) => {
    window.clearTimeout(handoverTimer.current);
    isOpen.current = next;
    setOpen(next);
    if (next) skipDelay.opened();
    else skipDelay.closed();
  }, []);

  // The trigger was rendered anew: the focus goes back to it (Radix then opens the tooltip, as for any focus), and a
  // pointer still resting on it opens the tooltip when it would have, as it may not move again.
  useEffect(() => {
    const { hoveredSince, pressed } = handover.pointer.current;
    if (handover.triggerHadFocus) {
      triggerRef.current?.focus();
      return;
    }
    if (hoveredSince === null || pressed) return;
    const wait = skipDelay.skipping() ? 0 : TOOLTIP_DELAY_MS;
    handoverTimer.current = window.setTimeout(() => change(true), Math.max(0, wait - (performance.now() - hoveredSince)));
    // The browser tells the new element that the pointer left only once it has told it that the pointer came, which
    // it does on the pointer's next move, and a sweep's next move is already elsewhere. Until the element hears of
    // the pointer itself, a move anywhere else closes the tooltip (or keeps it from opening).
    const onMove = (event: PointerEvent) => {
      stopWatchingPointer.current();
      if (event.target instanceof Node && triggerRef.current?.contains(event.target)) return;
      window.clearTimeout(handoverTimer.current);
      if (isOpen.current) change(false);
    };
    document.addEventListener('pointermove', onMove, true);
    stopWatchingPointer.current = () => document.removeEventListener('pointermove', onMove, true);
    return () => {
      stopWatchingPointer.current();
      window.clearTimeout(handoverTimer.current);
    };
  }, [handover, change]);

  return (
    <TooltipPrimitive.Provider delayDuration={skipping ? 0 : TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={change}>
        <TooltipPrimitive.Trigger
          ref={triggerRef}
          asChild
          onPointerMove={() => stopWatchingPointer.current()}
          onPointerLeave={() => window.clearTimeout(handoverTimer.current)}
          onPointerDown={() => window.clearTimeout(handoverTimer.current)}
          onFocus={(event) => {
            // Only a keyboard's focus opens the tooltip (Radix opens it for any focus): a tap focuses the button too,
            // and on a phone nothing then leaves it, so the tooltip stayed open over Save and Sign In (issue 26).
            const visible = refocus.current ?? event.currentTarget.matches(':focus-visible');
            refocus.current = null;
            if (!visible) event.preventDefault();
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
};
