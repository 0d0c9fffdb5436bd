import { History, Home, Timer } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds.ts';
import { formatElapsed } from '../words.ts';

/**
 * The game screen's header (spec 02 §2.6): a Home link and the elapsed time since the builder started, mm:ss; and,
 * once there is a project, the way to its history.
 */
export const ScreenHeader = ({ startedAt, projectId }: { startedAt: number; projectId?: string }) => {
  const seconds = useElapsedSeconds(startedAt);
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="flex items-center gap-1">
        <Link to="/" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <Home className="size-4" aria-hidden />
          Home
        </Link>
        {projectId && (
          <Link to={`/projects/${encodeURIComponent(projectId)}/history`} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <History className="size-4" aria-hidden />
            History
          </Link>
        )}
      </div>
      <p className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Timer className="size-4" aria-hidden />
        <span className="sr-only">Elapsed time</span>
        <span role="timer" data-testid="elapsed" className="font-semibold tabular-nums">
          {formatElapsed(seconds)}
        </span>
      </p>
    </div>
  );
};
