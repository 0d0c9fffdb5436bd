import type { ComponentProps, LabelHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500';

/** `ref` passes through (React 19): a list's field takes the focus back when its last chip is removed. */
export const Input = ({ className, ...props }: ComponentProps<'input'>) => <input className={cn(fieldClasses, 'h-10', className)} {...props} />;

export const Textarea = ({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea className={cn(fieldClasses, 'min-h-24 resize-y', className)} {...props} />
);

export const Label = ({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) => (
  <label className={cn('text-sm font-medium text-slate-700 dark:text-slate-200', className)} {...props} />
);

export const FieldError = ({ id, children }: { id?: string; children: string | null | undefined }) =>
  children ? (
    <p id={id} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
      {children}
    </p>
  ) : null;
