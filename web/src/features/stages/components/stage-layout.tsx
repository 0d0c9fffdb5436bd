import type { ReactNode } from 'react';
import { Bot, ListChecks, Workflow } from 'lucide-react';
import { SaveIndicator } from '../../../components/save-indicator.tsx';
import type { StageGuide } from '@vis/domain';

/**
 * Spec 01 §2 'Common stage layout': title, objective and the box explaining the stage. `bare`: only `children`,
 * as if they stood where the layout does (its boxes `display: contents`), for a screen that brings its own (an
 * offline copy, a failure) in the stage's frame: what is in `children` stays the same component in the same place
 * either way, so it keeps its state (a remount would fetch the failed project again, and loop).
 */
export const StageLayout = ({ stage, bare = false, children }: { stage: StageGuide; bare?: boolean; children: ReactNode }) => (
  <div className={bare ? 'contents' : 'mx-auto w-full max-w-5xl px-3 py-5 xs:px-4 xs:py-6 sm:px-6 lg:px-8 lg:py-10'}>
    {!bare && <StageHeading stage={stage} />}
    <div className={bare ? 'contents' : 'mt-6 space-y-6'}>{children}</div>
  </div>
);

const StageHeading = ({ stage }: { stage: StageGuide }) => (
  <>
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">
          {stage.stageNumber === 6 ? 'Optional stage' : `Stage ${stage.stageNumber} of 5`}
        </p>
        <h1 className="mt-1 text-xl font-bold tracking-tight xs:text-2xl sm:text-3xl">
          Stage {stage.stageNumber}: {stage.title}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{stage.objective}</p>
      </div>
      <div className="hidden pt-1 md:block">
        <SaveIndicator />
      </div>
    </header>

    <dl className="mt-6 grid gap-3 rounded-2xl border border-indigo-100 bg-indigo-50/60 p-3 text-sm xs:p-4 sm:grid-cols-3 dark:border-indigo-500/20 dark:bg-indigo-500/10">
      <div>
        <dt className="flex items-center gap-1.5 font-semibold text-indigo-900 dark:text-indigo-200">
          <Workflow className="size-4" aria-hidden /> What This Part Does:
        </dt>
        <dd className="mt-1 text-slate-700 dark:text-slate-300">{stage.process}</dd>
      </div>
      <div>
        <dt className="flex items-center gap-1.5 font-semibold text-indigo-900 dark:text-indigo-200">
          <ListChecks className="size-4" aria-hidden /> You'll Get:
        </dt>
        <dd className="mt-1 text-slate-700 dark:text-slate-300">{stage.outputFormat}</dd>
      </div>
      <div>
        <dt className="flex items-center gap-1.5 font-semibold text-indigo-900 dark:text-indigo-200">
          <Bot className="size-4" aria-hidden /> AI Helper:
        </dt>
        <dd className="mt-1 text-slate-700 dark:text-slate-300">{stage.simulatedModel}</dd>
      </div>
    </dl>
  </>
);

export const SectionTitle = ({ children, description }: { children: ReactNode; description?: string }) => (
  <div>
    <h2 className="text-lg font-semibold">{children}</h2>
    {description && <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>}
  </div>
);
