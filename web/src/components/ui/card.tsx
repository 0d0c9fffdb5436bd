import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const Card = ({ className, ...props }: HTMLAttributes<HTMLElement>) => (
  <section
    className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900', className)}
    {...props}
  />
);
