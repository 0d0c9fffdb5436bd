import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, BarChart3, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * One figure of the Analytics screen: its heading, then a skeleton while it loads, the error with Try Again, the
 * empty state, or the figure. `children` gets the data; a figure whose chart is an image to a screen reader
 * brings its text alternative itself (see `FigureText`).
 */
export const ChartCard = <T,>({
  title,
  description,
  query,
  isEmpty,
  emptyText,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isRefetching'>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
  className?: string;
}) => {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} aria-busy={query.isPending} className={className}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      <div className="mt-4">
        {query.isPending ? (
          <div role="status" className="animate-pulse" data-skeleton>
            <div className="h-56 rounded-lg bg-slate-200 dark:bg-slate-800" />
            <div className="mt-3 h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
            <span className="sr-only">Loading {title.toLowerCase()}...</span>
          </div>
        ) : query.data === undefined ? (
          <LoadFailed title={title} query={query} />
        ) : isEmpty(query.data) ? (
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
            <BarChart3 className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
            {emptyText}
          </p>
        ) : (
          <>
            {/* A live refresh that failed keeps the figures it had, and says so. */}
            {query.isError && <LoadFailed title={title} query={query} stale />}
            {children(query.data)}
          </>
        )}
      </div>
    </Card>
  );
};

const LoadFailed = ({
  title,
  query,
  stale = false,
}: {
  title: string;
  query: Pick<UseQueryResult<unknown>, 'error' | 'refetch' | 'isRefetching'>;
  stale?: boolean;
}) => (
  <div role="alert" className={cn('flex flex-col items-start gap-3 rounded-lg border border-red-200 p-4 dark:border-red-900', stale && 'mb-4')}>
    <p className="flex items-center gap-2 text-sm text-red-700 dark:text-red-300">
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      {errorMessage(query.error, `Failed to load ${title.toLowerCase()}.`)}
      {stale && ' Showing the last figures loaded.'}
    </p>
    <Button variant="secondary" size="sm" disabled={query.isRefetching} onClick={() => void query.refetch()}>
      <RotateCcw className="size-4" aria-hidden /> Try Again
    </Button>
  </div>
);

/**
 * What a chart shows, in words and as a table: the summary is read by everyone, the table opens on demand. The
 * chart itself is hidden from screen readers, which read this instead.
 */
export const FigureText = ({
  summary,
  caption,
  head,
  rows,
}: {
  summary: ReactNode;
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) => (
  <>
    <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">{summary}</p>
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300">Show as a table</summary>
      <div className="mt-2">
        <DataTable caption={caption} head={head} rows={rows} />
      </div>
    </details>
  </>
);

/** A table that scrolls sideways on a narrow screen; the scrolling box can be focused, so a keyboard scrolls it too. */
export const DataTable = ({ caption, head, rows }: { caption: string; head: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[] }) => (
  <div
    tabIndex={0}
    role="group"
    aria-label={caption}
    className="overflow-x-auto rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
  >
    <Table caption={caption} head={head} rows={rows} />
  </div>
);

const Table = ({ caption, head, rows }: { caption: string; head: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[] }) => (
  <table className="w-full border-collapse text-left text-sm">
    <caption className="sr-only">{caption}</caption>
    <thead>
      <tr className="border-b border-slate-200 dark:border-slate-700">
        {head.map((cell, index) => (
          <th key={index} scope="col" className={`px-2 py-1.5 font-medium ${index > 0 ? 'text-right' : ''}`}>
            {cell}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {rows.map((row, rowIndex) => (
        <tr key={rowIndex} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
          {row.map((cell, index) =>
            index === 0 ? (
              <th key={index} scope="row" className="px-2 py-1.5 font-normal">
                {cell}
              </th>
            ) : (
              <td key={index} className="px-2 py-1.5 text-right tabular-nums">
                {cell}
              </td>
            ),
          )}
        </tr>
      ))}
    </tbody>
  </table>
);
