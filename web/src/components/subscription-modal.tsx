import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/** What opened the modal, to run once more when a coupon unlocks the account (an AI button's request, say). */
export type RetryAfterUnlock = () => void;

const SubscriptionModalContext = createContext<((retry?: RetryAfterUnlock) => void) | null>(null);

// Only a visitor out of free plays sees the modal: its dialog is fetched when it first opens.
const SubscriptionModalDialog = lazy(() => import('./subscription-modal-dialog.tsx').then((module) => ({ default: module.SubscriptionModalDialog })));

/**
 * Lets any screen open the out-of-free-plays modal (see subscription-modal-dialog.tsx). The request that met the
 * paywall runs again by itself after a coupon is redeemed there, once; closing the modal any other way drops it.
 */
export const SubscriptionModalProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const retry = useRef<RetryAfterUnlock | null>(null);
  const show = useCallback((again?: RetryAfterUnlock) => {
    retry.current = again ?? null;
    setOpen(true);
  }, []);
  const close = useCallback((next: boolean) => {
    if (!next) retry.current = null;
    setOpen(next);
  }, []);
  const unlocked = useCallback(() => {
    const again = retry.current;
    retry.current = null;
    setOpen(false);
    again?.();
  }, []);
  return (
    <SubscriptionModalContext value={show}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <SubscriptionModalDialog onOpenChange={close} onUnlocked={unlocked} />
        </Suspense>
      )}
    </SubscriptionModalContext>
  );
};

export const useSubscriptionModal = () => {
  const show = useContext(SubscriptionModalContext);
  if (!show) throw new Error('useSubscriptionModal must be used inside SubscriptionModalProvider');
  return show;
};
