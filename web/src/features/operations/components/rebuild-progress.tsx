import type { ProjectionRow } from '../types.ts';

type Rebuilding = ProjectionRow & { rebuild: NonNullable<ProjectionRow['rebuild']> };

const secondsSinceStart = (row: Rebuilding) => (Date.parse(row.updatedAt) - Date.parse(row.rebuild.startedAt)) / 1000;

/** Events a second since the rebuild began, as of its last recorded position (both times are the server's). */
const rateOf = (row: Rebuilding) => {
  const seconds = secondsSinceStart(row);
  return seconds >= 1 && row.rebuild.events !== undefined ? row.rebuild.events / seconds : null;
};

/**
 * The share of the log read: the rebuild's position against the head's. Positions are not counts (they grow with
 * the log's size), but their ratio is how far through the log the rebuild is.
 */
const shareRead = (row: Rebuilding) => (row.head > 0 ? Math.min(1, row.rebuild.position / row.head) : 1);

/** What is left at the pace so far: the time taken for the share read, scaled to the share still to read. */
const secondsLeft = (row: Rebuilding) => {
  const share = shareRead(row);
  const seconds = secondsSinceStart(row);
  return share > 0 && seconds >= 1 ? (seconds * (1 - share)) / share : null;
};

const formatSeconds = (seconds: number) =>
  seconds < 60 ? `${Math.ceil(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s`;

/** A rebuild under way: how far through the log it is, how fast it goes, and how long it has left. */
export const RebuildProgress = ({ row }: { row: Rebuilding }) => {
  const rate = rateOf(row);
  const percent = Math.round(shareRead(row) * 100);
  const left = secondsLeft(row);
  return (
    <div className="mt-3">
      <div className="flex justify-between text-sm text-slate-700 dark:text-slate-200">
        <span>
          Rebuilding into <code className="text-xs">{row.rebuild.collection}</code>
        </span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Rebuild of ${row._id}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {(row.rebuild.events ?? 0).toLocaleString()} events read
        {rate !== null && ` · ${Math.round(rate).toLocaleString()} events/s`}
        {left !== null && ` · about ${formatSeconds(left)} left`}
      </p>
      {row.rebuild.error && (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          Attempt {row.rebuild.error.attempts} failed: {row.rebuild.error.message}. Trying again at{' '}
          {new Date(row.rebuild.error.retryAt).toLocaleTimeString()}; the serving collection keeps following the log.
        </p>
      )}
    </div>
  );
};
