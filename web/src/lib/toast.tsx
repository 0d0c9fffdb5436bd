import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** A button in the toast (Undo): it stays UNDO_TOAST_DURATION_MS, long enough to reach it by keyboard (F8). */
  action?: { label: string; altText: string; onClick: () => void };
}

export type ShownToast = ToastInput & { id: number };

/** Spec 01 §9: at most one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** A toast that offers Undo stays 10 s (issue 26): long enough to notice what went and take it back. */
export const UNDO_TOAST_DURATION_MS = 10_000;

export const toastDuration = (toast: ToastInput) => (toast.action ? UNDO_TOAST_DURATION_MS : TOAST_DURATION_MS);

/**
 * A place in the page that shows toasts inline instead of the toast area (toast-inline.tsx). The page's own
 * (`page`) switches the toast area off while it is mounted; a dialog's shows them above the page's while the dialog
 * is open, since a modal dialog hides the page from the screen reader and the pointer.
 */
interface InlineSlot {
  page: boolean;
}

interface InlineToasts {
  current: ShownToast | null;
  close: () => void;
  /** The slot that shows the toast now: the last mounted, once the page has one. */
  shownIn: InlineSlot | null;
  register: (slot: InlineSlot) => () => void;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
const InlineToastContext = createContext<InlineToasts | null>(null);

// Radix's toast is not part of the first page: it is fetched once the page has loaded (or with an earlier first toast)
// and then stays, so every route that has the toast area has it with its F8 hotkey.
const ToastView = lazy(() => import('./toast-view.tsx').then((module) => ({ default: module.ToastView })));

export const ToastProvider = ({ children }: { children: ReactNode }) => {
  // A new toast replaces the one showing; the key restarts Radix's timer for it.
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [mounted, setMounted] = useState(false);
  const [slots, setSlots] = useState<readonly InlineSlot[]>([]);
  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: Date.now() + Math.random() });
    setMounted(true);
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const register = useCallback((slot: InlineSlot) => {
    setSlots((all) => [...all, slot]);
    return () => setSlots((all) => all.filter((each) => each !== slot));
  }, []);
  const inline = slots.some((slot) => slot.page);
  const inlineToasts = useMemo(
    () => ({ current, close, register, shownIn: inline ? (slots.at(-1) ?? null) : null }),
    [current, close, register, inline, slots],
  );

  useEffect(() => {
    const mount = () => setMounted(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(mount);
      return () => clearTimeout(timer);
    }
    window.addEventListener('load', mount, { once: true });
    return () => window.removeEventListener('load', mount);
  }, []);

  return (
    <ToastContext value={toast}>
      <InlineToastContext value={inlineToasts}>
        {children}
        {mounted && !inline && (
          <Suspense fallback={null}>
            <ToastView current={current} onClose={close} />
          </Suspense>
        )}
      </InlineToastContext>
    </ToastContext>
  );
};

export const useToast = () => {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
};

export const useInlineToasts = () => {
  const inline = useContext(InlineToastContext);
  if (!inline) throw new Error('useInlineToasts must be used inside ToastProvider');
  return inline;
};
