import type { ProjectionRow } from '../types.ts';

/** Events a second since the rebuild began, as of its last recorded position (both times are the server's). */
const rateOf = (row: ProjectionRow & { rebuild: NonNullable<ProjectionRow['rebuild']> }) => {
  const seconds = (Date.parse(row.updatedAt) - Date.parse(row.rebuild.startedAt)) / 1000;
  return seconds >= 1 ? row.rebuild.position / seconds : null;
};

const formatSeconds = (seconds: number) =>
  seconds < 60 ? `${Math.ceil(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s`;

/** A rebuild under way: how far through the log it is, how fast it goes, and how long it has left. */
export const RebuildProgress = ({ row }: { row: ProjectionRow & { rebuild: NonNullable<ProjectionRow['rebuild']> } }) => {
  const { position } = row.rebuild;
  const rate = rateOf(row);
  const percent = row.head > 0 ? Math.min(100, Math.round((position / row.head) * 100)) : 100;
  const left = rate && rate > 0 ? (row.head - position) / rate : null;
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
        Position {position.toLocaleString()} of {row.head.toLocaleString()}
        {rate !== null && ` · ${Math.round(rate).toLocaleString()} events/s`}
        {left !== null && ` · about ${formatSeconds(left)} left`}
      </p>
    </div>
  );
};
