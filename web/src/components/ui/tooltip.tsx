import { cloneElement, useCallback, useMemo, useRef, useState, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { codeOnDemand } from '../../lib/load-on-intent.ts';

/** Spec 01 §9 'Tooltip delay': 700 ms before the first tooltip, 300 ms within which the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

/** What the stand-in saw of the pointer, read by the tooltip when it takes over (not when its code arrived). */
export interface StandInPointer {
  hoveredSince: number | null;
  /** A press closes a tooltip and keeps it closed, as Radix does, and the focus it gave opens none. */
  pressed: boolean;
}

/** Where the stand-in left off when the tooltip's code arrived. */
export interface TooltipHandover {
  triggerHadFocus: boolean;
  /** The focus was a keyboard's (`:focus-visible`): only such a focus shows the tooltip once the trigger is anew. */
  focusVisible: boolean;
  /**
   * Read when the tooltip mounts: a pointer that swept over the trigger may have left it between the code's arrival
   * and the tooltip's first render, and a snapshot taken at arrival would open a tooltip nobody points at.
   */
  pointer: { readonly current: StandInPointer };
}

type TriggerProps = Pick<HTMLAttributes<HTMLElement>, 'onPointerEnter' | 'onPointerLeave' | 'onPointerDown' | 'onFocus'>;

// Radix's tooltip (its positioning, focus and dismiss layers) is fetched when a trigger is first pointed at or
// focused, not with the first page.
const popupCode = codeOnDemand(() => import('./tooltip-popup.tsx').then((module) => module.TooltipPopup));

/** A tooltip whose code was here when it mounted had no stand-in. */
const NO_STAND_IN: TooltipHandover = { triggerHadFocus: false, focusVisible: false, pointer: { current: { hoveredSince: null, pressed: false } } };

/**
 * Until the tooltip's code is here the trigger stands in by itself: the pointer coming onto it or the focus fetch
 * the code, and where the pointer and focus are when it arrives is handed over.
 */
const useTooltipOnIntent = () => {
  const [Popup, setPopup] = useState(popupCode.current);
  const standIn = useRef<StandInPointer>({ hoveredSince: null, pressed: false });
  const [handover, setHandover] = useState<TooltipHandover>(NO_STAND_IN);

  const fetchFor = useCallback(
    (trigger: Element) =>
      void popupCode.load().then((value) => {
        setHandover({ triggerHadFocus: document.activeElement === trigger, focusVisible: trigger.matches(':focus-visible'), pointer: standIn });
        setPopup(() => value);
      }),
    [],
  );
  const standInHandlers = useMemo<Required<TriggerProps>>(
    () => ({
      onPointerEnter: (event) => {
        // Radix opens no tooltip for a touch.
        if (event.pointerType === 'touch') return;
        standIn.current.hoveredSince = event.timeStamp;
        fetchFor(event.currentTarget);
      },
      onPointerLeave: () => {
        standIn.current = { hoveredSince: null, pressed: false };
      },
      onPointerDown: () => {
        standIn.current.pressed = true;
      },
      onFocus: (event) => fetchFor(event.currentTarget),
    }),
    [fetchFor],
  );
  return { Popup, handover, standInHandlers };
};

/** The trigger's own handlers run first, as Radix's Slot runs them. */
const withHandlers = (own: TriggerProps, added: Required<TriggerProps>): TriggerProps => ({
  onPointerEnter: (event) => {
    own.onPointerEnter?.(event);
    added.onPointerEnter(event);
  },
  onPointerLeave: (event) => {
    own.onPointerLeave?.(event);
    added.onPointerLeave(event);
  },
  onPointerDown: (event) => {
    own.onPointerDown?.(event);
    added.onPointerDown(event);
  },
  onFocus: (event) => {
    own.onFocus?.(event);
    added.onFocus(event);
  },
});

/**
 * The visible name of an icon-only control. The control keeps its own aria-label: the tooltip repeats it for
 * sighted mouse and keyboard users, so screen readers hear it once.
 */
export const Tooltip = ({
  content,
  side = 'right',
  disabled = false,
  children,
}: {
  content: ReactNode;
  side?: TooltipSide;
  /** When the control shows its own label (an expanded sidebar), no tooltip is needed. */
  disabled?: boolean;
  children: ReactElement<TriggerProps>;
}) => {
  const { Popup, handover, standInHandlers } = useTooltipOnIntent();
  if (disabled) return children;
  if (!Popup) return cloneElement(children, withHandlers(children.props, standInHandlers));
  return (
    <Popup content={content} side={side} handover={handover}>
      {children}
    </Popup>
  );
};
