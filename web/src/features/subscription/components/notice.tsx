import { AlertCircle, Info, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** An error on the page, with spec 02 §2.3's 'Reset form', which reloads the page. */
export const ErrorNotice = ({ children, className }: { children: ReactNode; className?: string }) => (
  <div
    role="alert"
    className={cn(
      'flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-start dark:border-red-800 dark:bg-red-950 dark:text-red-100',
      className,
    )}
  >
    <AlertCircle className="hidden size-5 shrink-0 sm:block" aria-hidden />
    <p className="flex-1">{children}</p>
    <Button variant="secondary" size="sm" onClick={() => window.location.reload()} className="self-start">
      <RotateCcw className="size-3.5" aria-hidden />
      Reset form
    </Button>
  </div>
);

/** A plain statement that something is not available here, with what still works. */
export const InfoNotice = ({ title, children }: { title: string; children: ReactNode }) => (
  <div
    role="status"
    className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
  >
    <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
    <div>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{children}</p>
    </div>
  </div>
);
