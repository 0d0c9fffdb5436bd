import { RefreshCw } from 'lucide-react';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useProjections } from '../../features/operations/api/get-projections.ts';
import { ProjectionCard } from '../../features/operations/components/projection-card.tsx';
import { OperatorsOnly } from '../../features/operators/components/operators-only.tsx';
import { errorMessage } from '../../lib/api-client.ts';

const OperationsScreen = () => {
  const projections = useProjections();
  const rows = projections.data?.projections ?? [];
  const troubled = rows.filter((row) => row.state === 'failed' || row.state === 'stopped' || row.state === 'reconnecting').length;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Operations</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {projections.dataUpdatedAt > 0 &&
              `${rows.length} projections, ${troubled === 0 ? 'all healthy' : `${troubled} need attention`}. Updated ${new Date(projections.dataUpdatedAt).toLocaleTimeString()}, every 2 s.`}
          </p>
        </div>
      </div>
      {projections.isPending && <PageLoading />}
      {projections.isError && (
        <Card className="mt-6 p-6" role="alert">
          <p className="font-semibold">Could not load the projections' status</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{errorMessage(projections.error)}</p>
          <Button className="mt-3" onClick={() => void projections.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Try Again
          </Button>
        </Card>
      )}
      <div className="mt-6 grid gap-4">
        {rows.map((row) => (
          <ProjectionCard key={row._id} row={row} />
        ))}
      </div>
    </div>
  );
};

/** /operations: every projection's status, live, with Rebuild, Verify and Resume (issue 14), for operators only. */
export const OperationsRoute = () => (
  <OperatorsOnly title="Operations">
    <OperationsScreen />
  </OperatorsOnly>
);
