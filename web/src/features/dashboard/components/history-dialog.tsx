import { History, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProjectHistory } from '../api/get-project-history.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The dashboard's Analytics: what happened to the project, newest first. */
export const HistoryDialog = ({ projectId }: { projectId: string }) => {
  const [open, setOpen] = useState(false);
  const history = useProjectHistory(projectId, open);
  const entries = history.data?.history ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <History className="size-4" aria-hidden /> Analytics
        </Button>
      </DialogTrigger>
      <DialogContent title="Project History" description="Everything that happened to this project, newest first." className="max-w-2xl">
        {history.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading history...
          </p>
        ) : history.isError ? (
          <p role="alert" className="py-6 text-sm text-red-600 dark:text-red-400">
            {errorMessage(history.error, 'Failed to load the project history.')}
          </p>
        ) : entries.length === 0 ? (
          <p className="py-6 text-sm text-slate-500 dark:text-slate-400">Nothing has happened to this project yet.</p>
        ) : (
          <ol aria-label="Project history" className="divide-y divide-slate-200 dark:divide-slate-800">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2.5 text-sm sm:flex-row sm:gap-4">
                <time dateTime={entry.at} className="shrink-0 text-xs text-slate-500 tabular-nums sm:w-40 sm:pt-0.5 dark:text-slate-400">
                  {timeFormat.format(new Date(entry.at))}
                </time>
                <span className="min-w-0 break-words">{entry.summary}</span>
              </li>
            ))}
          </ol>
        )}
        <Link
          to={`/projects/${encodeURIComponent(projectId)}/history`}
          className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Open the full history (time travel, what each change changed)
        </Link>
      </DialogContent>
    </Dialog>
  );
};
