import { Check, CircleDot, Loader2 } from 'lucide-react';
import { useSaveStatus } from '../lib/save-status.ts';
import { cn } from '../lib/cn.ts';

const LABELS = { saved: 'Saved', saving: 'Saving...', unsaved: 'Unsaved changes' } as const;

/** The subtle saved/saving state: every change is a command, so "saved" means every command was answered. */
export const SaveIndicator = ({ compact = false, className }: { compact?: boolean; className?: string }) => {
  const status = useSaveStatus();
  const Icon = status === 'saving' ? Loader2 : status === 'unsaved' ? CircleDot : Check;
  return (
    <span
      role="status"
      aria-live="polite"
      data-status={status}
      title={LABELS[status]}
      className={cn('inline-flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400', className)}
    >
      <Icon className={cn('size-3.5 shrink-0', status === 'saving' && 'animate-spin', status === 'unsaved' && 'text-amber-500')} aria-hidden />
      <span className={compact ? 'sr-only' : undefined}>{LABELS[status]}</span>
    </span>
  );
};
