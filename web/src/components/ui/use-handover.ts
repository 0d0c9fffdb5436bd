import { useEffect, useRef, type FocusEvent } from 'react';
import type { Handover } from '../../lib/load-on-intent.ts';

/**
 * The real menu taking over from its stand-in trigger: open at once if the stand-in was pressed, the first item
 * focused if by keyboard (Radix does that for a keyboard open, but its keyboard tracking started after the key was
 * pressed), and the focus kept on the trigger if the stand-in had it.
 */
export const useHandover = ({ openedWith, triggerHadFocus }: Handover) => {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstItem = useRef(openedWith === 'keyboard');

  useEffect(() => {
    if (triggerHadFocus && openedWith === null) triggerRef.current?.focus();
  }, [triggerHadFocus, openedWith]);

  return {
    defaultOpen: openedWith !== null,
    triggerRef,
    // Radix focuses the opened menu itself, then its first item if it saw the keyboard: this is that moment.
    onMenuFocus: (event: FocusEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || !focusFirstItem.current) return;
      focusFirstItem.current = false;
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
    },
  };
};
