import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from './cn.ts';
import { TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS, type ShownToast } from './toast.tsx';

/** The toast on screen and the viewport Radix shows it in, fetched with the first toast (see ToastProvider). */
export const ToastView = ({ current, onClose }: { current: ShownToast | null; onClose: () => void }) => (
  <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
    {current && (
      <ToastPrimitive.Root
        key={current.id}
        duration={current.action ? UNDO_TOAST_DURATION_MS : TOAST_DURATION_MS}
        onOpenChange={(open) => !open && onClose()}
        className={cn(
          'pointer-events-auto grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border p-4 pr-3 shadow-lg',
          current.variant === 'destructive'
            ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
            : current.variant === 'success'
              ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
              : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        )}
      >
        <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
        <ToastPrimitive.Close
          aria-label="Close"
          className="row-span-2 rounded p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </ToastPrimitive.Close>
        {current.description && <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{current.description}</ToastPrimitive.Description>}
        {current.action && (
          <ToastPrimitive.Action
            altText={current.action.altText}
            onClick={current.action.onClick}
            className="mt-2 justify-self-start rounded-lg border border-indigo-300 bg-indigo-50 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100"
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
