import { Database, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { FLOW_STAGE_IDS, FLOW_STAGES } from '../../../lib/flow/flow.ts';
import { clearAllStageAnswers, clearStageAnswers } from '../../../lib/flow/stage-answers.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { FlowStageId } from '@vis/domain';

/**
 * Spec 01 §2 settings: per-stage cache clearing, and clear all with a confirmation. The generator's stored
 * answers are the server's (the same on every device); clearing says how many it removed.
 */
export const CacheSettings = ({ projectId }: { projectId: string }) => {
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const toast = useToast();

  const cleared = async (clear: () => Promise<{ cleared: number }>, description: string) => {
    setClearing(true);
    try {
      const { cleared: count } = await clear();
      toast(
        count > 0
          ? { title: 'Cache cleared', description, variant: 'success' }
          : { title: 'Nothing cached', description: 'There were no stored AI results to clear.' },
      );
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to clear the cache'), variant: 'destructive' });
    } finally {
      setClearing(false);
    }
  };

  const clearAll = () => {
    setConfirming(false);
    void cleared(clearAllStageAnswers, 'All cached AI results were removed.');
  };
  const clearStage = (id: FlowStageId) => {
    const stage = FLOW_STAGES[id];
    void cleared(() => clearStageAnswers(projectId, id), `Stage ${stage.stageNumber}: ${stage.title} will ask the AI again.`);
  };

  return (
    <Card aria-labelledby="cache-title">
      <h2 id="cache-title" className="flex items-center gap-2 text-lg font-semibold">
        <Database className="size-5 text-indigo-500" aria-hidden /> Cache
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The idea generator keeps each stage's AI results with the project, on every device: asking the same again reuses them instead of spending a
        play.
      </p>
      <ul aria-label="Cached stages" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {FLOW_STAGE_IDS.map((id) => {
          const stage = FLOW_STAGES[id];
          return (
            <li key={id} className="flex items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">
                  Stage {stage.stageNumber}: {stage.title}
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={clearing}
                aria-label={`Clear cache of stage ${stage.stageNumber}: ${stage.title}`}
                onClick={() => clearStage(id)}
              >
                Clear
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)} disabled={clearing}>
        <Trash2 className="size-4" aria-hidden /> Clear All Cache
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title="Clear all cache?"
          description="Every cached AI result of your projects is removed; the next Generate asks the AI again."
        >
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
