import { ArrowRight } from 'lucide-react';
import { AUTO_PROGRESS_DELAY_MS, type ScheduledMove } from '../lib/auto-progress.ts';
import { Button } from './ui/button.tsx';

/** Says where the app is about to go, and lets the user stay (spec 01 §4 'Auto-progress'). */
export const AutoProgressNotice = ({ pending, onStay }: { pending: ScheduledMove | null; onStay: () => void }) => (
  <div role="status" aria-live="polite">
    {pending && (
      <div className="flex flex-col gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950 xs:flex-row xs:items-center xs:justify-between dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100">
        <p className="flex items-center gap-2">
          <ArrowRight className="size-4 shrink-0" aria-hidden />
          Moving on to {pending.label} in {AUTO_PROGRESS_DELAY_MS / 1000} s
        </p>
        <Button size="sm" variant="secondary" onClick={onStay}>
          Stay
        </Button>
      </div>
    )}
  </div>
);
