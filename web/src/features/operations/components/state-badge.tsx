import { cn } from '../../../lib/cn.ts';
import type { ProjectionState } from '../types.ts';

const LOOKS: Record<ProjectionState, { label: string; classes: string }> = {
  live: { label: 'Following', classes: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  catching_up: { label: 'Catching up', classes: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200' },
  rebuilding: { label: 'Rebuilding', classes: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' },
  reconnecting: { label: 'Reconnecting', classes: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  failed: { label: 'Failed', classes: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
  stopped: { label: 'Stopped', classes: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
};

/** A projection's state in words (the colour only repeats them). */
export const StateBadge = ({ state }: { state: ProjectionState }) => {
  const look = LOOKS[state] ?? { label: state, classes: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100' };
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', look.classes)}>{look.label}</span>;
};
