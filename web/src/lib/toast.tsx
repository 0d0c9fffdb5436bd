import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

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

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

// Radix's toast is not part of the first page: it is fetched once the page has loaded (or with an earlier first toast)
// and then stays, so every route, the landing page included, has the toast area and its F8 hotkey.
const ToastView = lazy(() => import('./toast-view.tsx').then((module) => ({ default: module.ToastView })));

export const ToastProvider = ({ children }: { children: ReactNode }) => {
  // A new toast replaces the one showing; the key restarts Radix's timer for it.
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [mounted, setMounted] = useState(false);
  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: Date.now() + Math.random() });
    setMounted(true);
  }, []);
  const close = useCallback(() => setCurrent(null), []);

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
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <ToastView current={current} onClose={close} />
        </Suspense>
      )}
    </ToastContext>
  );
};

export const useToast = () => {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
};
