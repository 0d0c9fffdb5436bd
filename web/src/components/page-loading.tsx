import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** A spinner with its status; `className` replaces its height (half the screen), e.g. under content already shown. */
export const PageLoading = ({ className = 'min-h-[50dvh]' }: { className?: string }) => (
  <div role="status" className={cn('flex items-center justify-center gap-2 text-slate-500 dark:text-slate-400', className)}>
    <Loader2 className="size-5 animate-spin" aria-hidden />
    Loading...
  </div>
);
