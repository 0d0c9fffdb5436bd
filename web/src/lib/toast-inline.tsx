import { X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { cn } from './cn.ts';
import { toastActionClasses, toastCloseClasses, toastVariantClasses } from './toast-look.ts';
import { toastDuration, useInlineToasts, type ShownToast } from './toast.tsx';

/**
 * Spec 02 §2.1: "A toast area is shown on every page except /". There, what would have been a toast (a save, a
 * refused coupon, a sent feedback) is shown in the page instead, under the header: same words, in a polite live
 * region (an alert for an error), closable, and gone after the toast's time. Every `useToast` call lands here on
 * those pages; no call site knows the difference.
 */
const PAGES_WITHOUT_TOAST_AREA: ReadonlySet<string> = new Set(['/']);

/** The page's place for toasts, placed by the app shell at the top of the page: active only on the pages above. */
export const PageToasts = () => {
  const { pathname } = useLocation();
  if (!PAGES_WITHOUT_TOAST_AREA.has(pathname)) return null;
  // Sticky under the header (two rows, 100 px, on phones): seen wherever the page is scrolled.
  return <InlineToastSlot page className="sticky top-25 z-10 mx-auto w-full max-w-5xl px-3 xs:px-4 sm:px-6 md:top-14 lg:px-8" />;
};

/** A dialog's place for them: a modal dialog hides the page, so while one is open its toasts show in it. */
export const DialogToasts = () => <InlineToastSlot page={false} className="" />;

const InlineToastSlot = ({ page, className }: { page: boolean; className: string }) => {
  const { current, close, shownIn, register } = useInlineToasts();
  const [slot] = useState(() => ({ page }));
  useEffect(() => register(slot), [register, slot]);
  // On pages with the toast area there is nothing to show inline, in the page or in a dialog.
  if (shownIn === null) return null;
  const toast = shownIn === slot ? current : null;
  const error = toast?.variant === 'destructive';
  return (
    <div className={className}>
      {/* Both live regions are in the page before anything is said in them, so screen readers announce it. */}
      <div role="status">{toast && !error && <InlineToast key={toast.id} toast={toast} onClose={close} />}</div>
      <div role="alert">{toast && error && <InlineToast key={toast.id} toast={toast} onClose={close} />}</div>
    </div>
  );
};

const InlineToast = ({ toast, onClose }: { toast: ShownToast; onClose: () => void }) => {
  // As a toast does, it waits while the pointer or the keyboard is on it: Undo must stay reachable.
  const [held, setHeld] = useState(false);
  const focusedBefore = useRef<Element | null>(null);
  useEffect(() => {
    focusedBefore.current = document.activeElement;
  }, []);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onClose, toastDuration(toast));
    return () => clearTimeout(timer);
  }, [held, toast, onClose]);

  /** Closed from inside, the focus goes back where it was, not to the page's start. */
  const dismiss = () => {
    const before = focusedBefore.current;
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dismiss();
  };

  return (
    <div
      data-inline-toast
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setHeld(false)}
      onKeyDown={onKeyDown}
      className={cn('mt-3 grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border p-3 pr-2 shadow-sm', toastVariantClasses(toast.variant))}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      <button type="button" aria-label="Close" onClick={dismiss} className={cn('row-span-2', toastCloseClasses)}>
        <X className="size-4" aria-hidden />
      </button>
      {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      {toast.action && (
        <button
          type="button"
          aria-label={toast.action.altText}
          onClick={() => {
            toast.action?.onClick();
            dismiss();
          }}
          className={cn('mt-2 justify-self-start', toastActionClasses)}
        >
          {toast.action.label}
        </button>
      )}
    </div>
  );
};
