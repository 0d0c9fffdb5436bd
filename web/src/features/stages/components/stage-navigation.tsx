import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { AlertTriangle, ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { overlayClasses } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFlushSaves } from '../../../lib/save-status.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAdvanceStage } from '../../../lib/projects/advance-stage.ts';
import { nextPathOf, previousPathOf, type GuidedStage } from '../stage-paths.ts';
import { readableIssue } from '../readable-issue.ts';

interface Incomplete {
  title: string;
  message: string;
  issues: string[];
}

const incompleteOf = (error: unknown): Incomplete | null => {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { error?: string; message?: string; issues?: unknown } | null;
  if (!Array.isArray(body?.issues)) return null;
  return { title: body.error ?? 'Stage incomplete', message: body.message ?? error.message, issues: body.issues.map(String) };
};

/**
 * Previous/Next of a stage (spec 01 §2, §4 'Moving to the next stage'): Next saves what is pending, asks the
 * server to advance; an incomplete stage opens the warning dialog with its issues.
 */
export const StageNavigation = ({ projectId, stage }: { projectId: string; stage: GuidedStage }) => {
  const navigate = useNavigate();
  const advance = useAdvanceStage(projectId);
  const flushSaves = useFlushSaves();
  const toast = useToast();
  const [incomplete, setIncomplete] = useState<Incomplete | null>(null);
  const previous = previousPathOf(stage);
  const next = nextPathOf(stage);
  const toSummary = next === '/summary';

  const goNext = async (continueAnyway: boolean) => {
    await flushSaves();
    try {
      await advance.mutateAsync({ fromStage: stage, ...(continueAnyway ? { continueAnyway } : {}) });
      setIncomplete(null);
      void navigate(next);
    } catch (error) {
      const issues = incompleteOf(error);
      if (issues) setIncomplete(issues);
      else toast({ title: 'Error', description: 'An error occurred while validating this stage. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <nav aria-label="Stage navigation" className="flex items-center justify-between gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
      <Button variant="secondary" onClick={() => void navigate(previous)}>
        <ArrowLeft className="size-4" aria-hidden />
        {previous === '/' ? 'Go Back' : 'Previous Part'}
      </Button>
      <Button onClick={() => void goNext(false)} disabled={advance.isPending}>
        {advance.isPending && !incomplete && <Loader2 className="size-4 animate-spin" aria-hidden />}
        <span className="sm:hidden">{toSummary ? 'Results' : 'Next'}</span>
        <span className="hidden sm:inline">{toSummary ? 'See My Results' : 'Next Part'}</span>
        <ArrowRight className="size-4" aria-hidden />
      </Button>

      <AlertDialog.Root open={incomplete !== null} onOpenChange={(open) => !open && setIncomplete(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClasses} />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-amber-200 bg-white p-6 shadow-2xl dark:border-amber-500/30 dark:bg-slate-900">
            <AlertDialog.Title className="flex items-center gap-2 text-lg font-semibold">
              <AlertTriangle className="size-5 text-amber-500" aria-hidden />
              {incomplete?.title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{incomplete?.message}</AlertDialog.Description>
            <ul
              aria-label="Problems"
              className="mt-3 list-disc space-y-1 rounded-lg bg-amber-50 py-3 pr-3 pl-8 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
            >
              {incomplete?.issues.map((issue) => (
                <li key={issue}>{readableIssue(issue)}</li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>Go Back &amp; Complete</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClasses({ variant: 'primary' })}
                disabled={advance.isPending}
                onClick={(event) => {
                  // The dialog stays until the server has moved the stage on.
                  event.preventDefault();
                  void goNext(true);
                }}
              >
                {advance.isPending ? 'Continuing...' : 'Continue Anyway'}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </nav>
  );
};
