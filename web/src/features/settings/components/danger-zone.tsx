import { AlertTriangle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useResetProject } from '../../../lib/projects/reset-project.ts';

/** Spec 01 §4 'Settings reset': the first click asks, the second resets. */
export const DangerZone = ({ projectId }: { projectId: string }) => {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetProject(projectId);
  const toast = useToast();

  const resetNow = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Project reset', description: 'Every stage is back to its defaults.', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' }),
    });

  return (
    <section
      aria-labelledby="danger-zone"
      className="rounded-2xl border border-red-200 bg-red-50/50 p-4 sm:p-5 dark:border-red-900/60 dark:bg-red-950/30"
    >
      <h2 id="danger-zone" className="flex items-center gap-2 text-lg font-semibold text-red-700 dark:text-red-300">
        <AlertTriangle className="size-5" aria-hidden /> Danger Zone
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Reset the project to its defaults: the name becomes 'New Viral Idea' and every stage is emptied.
      </p>
      {confirming ? (
        <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-white p-3 dark:border-red-800 dark:bg-slate-900">
          <p className="text-sm font-medium">Are you sure? This cannot be undone.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" onClick={resetNow} disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Yes, Reset Project'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={reset.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
          <RotateCcw className="size-4" aria-hidden />
          Reset Project
        </Button>
      )}
    </section>
  );
};
