import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from './cn.ts';
import { toastActionClasses, toastCloseClasses, toastVariantClasses } from './toast-look.ts';
import { TOAST_DURATION_MS, toastDuration, type ShownToast } from './toast.tsx';

/** The toast on screen and the viewport Radix shows it in, fetched with the first toast (see ToastProvider). */
export const ToastView = ({ current, onClose }: { current: ShownToast | null; onClose: () => void }) => (
  <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
    {current && (
      <ToastPrimitive.Root
        key={current.id}
        duration={toastDuration(current)}
        onOpenChange={(open) => !open && onClose()}
        className={cn(
          'pointer-events-auto grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border p-4 pr-3 shadow-lg',
          toastVariantClasses(current.variant),
        )}
      >
        <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
        <ToastPrimitive.Close aria-label="Close" className={cn('row-span-2', toastCloseClasses)}>
          <X className="size-4" aria-hidden />
        </ToastPrimitive.Close>
        {current.description && <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{current.description}</ToastPrimitive.Description>}
        {current.action && (
          <ToastPrimitive.Action
            altText={current.action.altText}
            onClick={current.action.onClick}
            className={cn('mt-2 justify-self-start', toastActionClasses)}
          >
            {current.action.label}
          </ToastPrimitive.Action>
        )}
      </ToastPrimitive.Root>
    )}
    <ToastPrimitive.Viewport
      data-toast-area
      className="pointer-events-none fixed top-25 right-0 md:top-14 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
    />
  </ToastPrimitive.Provider>
);
