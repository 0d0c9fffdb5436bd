import type { StageNumber } from '@vis/domain';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResetStage } from '../../../lib/projects/reset-stage.ts';
import { useFlushSaves } from '../../../lib/save-status.ts';
import { useToast } from '../../../lib/toast.tsx';

/**
 * 'Reset this stage' (spec 01 §4 'Stage reset'), asked twice like the Settings reset: the first click asks, the
 * second resets. Typed text still waiting to be saved is saved first, so it cannot land after the reset.
 */
export const ResetStage = ({ projectId, stage }: { projectId: string; stage: StageNumber }) => {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetStage(projectId);
  const flushSaves = useFlushSaves();
  const toast = useToast();

  const resetNow = async () => {
    await flushSaves();
    reset.mutate(stage, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Stage reset', description: `Stage ${stage} is back to its defaults.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' }),
    });
  };

  if (!confirming) {
    return (
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <RotateCcw className="size-3.5" aria-hidden />
          Reset this stage
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50/60 p-3 dark:border-red-800 dark:bg-red-950/30">
      <p className="text-sm font-medium">Reset stage {stage}? Everything on this stage goes back to its defaults. This cannot be undone.</p>
      <div className="mt-3 flex flex-col gap-2 xs:flex-row">
        <Button variant="danger" size="sm" onClick={() => void resetNow()} disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Yes, Reset Stage'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={reset.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
};
