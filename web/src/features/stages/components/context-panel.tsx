import * as Collapsible from '@radix-ui/react-collapsible';
import type { PreviousStagesContext } from '@vis/domain';
import { ChevronDown, History } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

const Entry = ({ stage, title, children }: { stage: number; title: string; children: ReactNode }) => (
  <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
    <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
      Stage {stage}: {title}
    </h3>
    <div className="mt-1 space-y-1 text-sm">{children}</div>
  </div>
);

const Line = ({ label, value }: { label: string; value: string }) => (
  <p>
    <span className="font-medium">{label}:</span> {value ? value : <span className="text-slate-600 italic dark:text-slate-400">not set yet</span>}
  </p>
);

/**
 * Spec 01 §2: from stage 2 on, a collapsible summary of what the earlier stages produced (the server cuts the
 * long texts to 120 characters).
 */
export const ContextPanel = ({ stage, context }: { stage: number; context: PreviousStagesContext }) => {
  const [open, setOpen] = useState(true);
  if (stage < 2) return null;
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      {/* The trigger sits in an h2, so the entries' h3s follow the page's h1 in order (the accordion pattern). */}
      <h2>
        <Collapsible.Trigger
          className={cn('flex w-full items-center justify-between gap-2 rounded-2xl px-4 py-3 text-left font-semibold', focusRing)}
        >
          <span className="flex items-center gap-2">
            <History className="size-4 text-indigo-500" aria-hidden />
            Context from Previous Stages
          </span>
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content className="grid gap-3 px-4 pb-4 sm:grid-cols-2">
        {context[1] && (
          <Entry stage={1} title="Research">
            <Line label="Viral triggers" value={context[1].viralTriggers} />
            <Line label="Key resources" value={context[1].keyResources.map((resource) => resource.description || resource.url).join(', ')} />
          </Entry>
        )}
        {stage > 2 && context[2] && (
          <Entry stage={2} title="Reward & Sustainability">
            {context[2].caseStudyNames.length > 0 && <Line label="Case studies" value={context[2].caseStudyNames.join(', ')} />}
            <Line label="Key insights" value={context[2].keyInsights} />
          </Entry>
        )}
        {stage > 3 && (
          <Entry stage={3} title="Ideation">
            {context[3] ? (
              <>
                <Line label="Selected concept" value={context[3].conceptName} />
                <Line label="Core action" value={context[3].coreAction} />
                <Line label="Viral hook" value={context[3].viralHook} />
              </>
            ) : (
              <Line label="Selected concept" value="" />
            )}
          </Entry>
        )}
        {stage > 4 && context[4] && (
          <Entry stage={4} title="Mechanics">
            <Line label="Audience segments" value={context[4].audienceSegmentNames.join(', ')} />
            <Line label="Messaging strategy" value={context[4].messaging} />
            <Line label="Reward flow" value={context[4].rewardFlow} />
          </Entry>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
};
