import type { ToastInput } from './toast.tsx';

/** A toast's colours by its variant: the same in the toast area and inline (toast-inline.tsx). */
export const toastVariantClasses = (variant: ToastInput['variant']) =>
  variant === 'destructive'
    ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
    : variant === 'success'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
      : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export const toastActionClasses =
  'rounded-lg border border-indigo-300 bg-indigo-50 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100';

export const toastCloseClasses =
  'rounded p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none';
