import { Loader2 } from 'lucide-react';

export const PageLoading = () => (
  <div role="status" className="flex min-h-[50dvh] items-center justify-center gap-2 text-slate-500 dark:text-slate-400">
    <Loader2 className="size-5 animate-spin" aria-hidden />
    Loading...
  </div>
);
