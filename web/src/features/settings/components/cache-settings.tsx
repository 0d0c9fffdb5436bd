import { Database, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { FLOW_STAGE_IDS, FLOW_STAGES } from '../../../lib/flow/flow.ts';
import { clearAllCachedStages, clearCachedStage, useCachedStages } from '../../../lib/flow/stage-cache.ts';

/** Spec 01 §2 settings: per-stage cache clearing with a 'Cached' badge, and clear all with a confirmation. */
export const CacheSettings = ({ projectId }: { projectId: string }) => {
  const cached = useCachedStages(projectId, FLOW_STAGE_IDS);
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();

  const clearAll = () => {
    clearAllCachedStages();
    setConfirming(false);
    toast({ title: 'Cache cleared', description: 'All cached AI results were removed.', variant: 'success' });
  };

  return (
    <Card aria-labelledby="cache-title">
      <h2 id="cache-title" className="flex items-center gap-2 text-lg font-semibold">
        <Database className="size-5 text-indigo-500" aria-hidden /> Cache
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The idea generator keeps each stage's last AI results in this browser: asking the same again reuses them instead of spending a play.
      </p>
      <ul aria-label="Cached stages" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {FLOW_STAGE_IDS.map((id) => {
          const stage = FLOW_STAGES[id];
          const isCached = cached.has(id);
          return (
            <li key={id} className="flex items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">
                  Stage {stage.stageNumber}: {stage.title}
                </span>
                {isCached && (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200">
                    Cached
                  </span>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={!isCached}
                aria-label={`Clear cache of stage ${stage.stageNumber}: ${stage.title}`}
                onClick={() => {
                  clearCachedStage(projectId, id);
                  toast({
                    title: 'Cache cleared',
                    description: `Stage ${stage.stageNumber}: ${stage.title} will ask the AI again.`,
                    variant: 'success',
                  });
                }}
              >
                Clear
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)} disabled={cached.size === 0}>
        <Trash2 className="size-4" aria-hidden /> Clear All Cache
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title="Clear all cache?" description="Every cached AI result in this browser is removed; the next Generate asks the AI again.">
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" onClick={clearAll}>
              Yes, Clear All Cache
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
};
