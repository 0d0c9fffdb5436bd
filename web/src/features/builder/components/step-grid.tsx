import type { BuilderStepView } from '@vis/domain';
import { Check, Lock } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

const TILE: Record<BuilderStepView['status'], string> = {
  current: 'border-indigo-600 bg-indigo-600 text-white shadow-sm dark:border-indigo-400 dark:bg-indigo-500 dark:text-white',
  complete:
    'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900',
  available:
    'border-indigo-300 bg-white text-indigo-800 hover:bg-indigo-50 dark:border-indigo-700 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-slate-800',
  locked: 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-600 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400',
};

const STATUS_TEXT: Record<BuilderStepView['status'], string> = {
  current: 'current step',
  complete: 'complete',
  available: 'available',
  locked: 'locked',
};

/**
 * The nine step tiles (spec 02 §2.7, §4), coloured by status; a click goes to the step. Locked tiles are
 * disabled and say why to screen readers. Three columns on phones and tablets, one row from 1280 px.
 */
export const StepGrid = ({ steps, onSelect }: { steps: BuilderStepView[]; onSelect: (step: BuilderStepView['step']) => void }) => {
  const firstOpen = steps.find((step) => !step.complete);
  return (
    <ol aria-label="Steps" className="grid grid-cols-3 gap-2 xl:grid-cols-9">
      {steps.map((step) => {
        const locked = step.status === 'locked';
        return (
          <li key={step.step} className="min-w-0">
            <button
              type="button"
              data-status={step.status}
              disabled={locked}
              aria-current={step.status === 'current' ? 'step' : undefined}
              onClick={() => step.status !== 'current' && onSelect(step.step)}
              className={cn(
                'flex h-full min-h-16 w-full flex-col items-start gap-0.5 rounded-xl border px-2.5 py-2 text-left transition-colors',
                TILE[step.status],
                focusRing,
              )}
            >
              <span className="flex w-full items-center justify-between text-xs font-semibold tabular-nums">
                {step.step}
                {step.status === 'complete' && <Check className="size-3.5" aria-hidden />}
                {locked && <Lock className="size-3.5" aria-hidden />}
              </span>
              <span className="text-xs leading-tight font-medium break-words sm:text-sm">{step.name}</span>
              <span className="sr-only">
                , {STATUS_TEXT[step.status]}
                {locked && firstOpen ? `: complete step ${firstOpen.step} (${firstOpen.name}) first` : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
};
