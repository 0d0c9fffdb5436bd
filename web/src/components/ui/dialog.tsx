import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { DialogToasts } from '../../lib/toast-inline.tsx';
import { focusRing } from './button.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses = 'fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]';

/** A centred modal: Radix traps focus inside, Escape and the overlay close it, focus returns to the trigger. */
export const DialogContent = ({
  title,
  description,
  children,
  className,
  hideClose,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  hideClose?: boolean;
}) => (
  <DialogPrimitive.Portal>
    <DialogPrimitive.Overlay className={overlayClasses} />
    <DialogPrimitive.Content
      className={cn(
        'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
      {description ? (
        <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</DialogPrimitive.Description>
      ) : (
        <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
      )}
      <DialogToasts />
      <div className="mt-4">{children}</div>
      {!hideClose && (
        <DialogPrimitive.Close
          aria-label="Close"
          className={cn(
            'absolute top-4 right-4 rounded-md p-1 text-slate-500 dark:text-slate-400 hover:text-slate-900 dark:hover:text-white',
            focusRing,
          )}
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
);
