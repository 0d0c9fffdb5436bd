import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

const SubscriptionModalContext = createContext<(() => void) | null>(null);

// Only a visitor out of free plays sees the modal: its dialog is fetched when it first opens.
const SubscriptionModalDialog = lazy(() => import('./subscription-modal-dialog.tsx').then((module) => ({ default: module.SubscriptionModalDialog })));

/** Lets any screen open the out-of-free-plays modal (see subscription-modal-dialog.tsx). */
export const SubscriptionModalProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <SubscriptionModalContext value={show}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <SubscriptionModalDialog onOpenChange={setOpen} />
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
