import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useRebuildDryRun } from '../api/dry-run-rebuild.ts';
import { useRebuildProjection } from '../api/rebuild-projection.ts';
import { useResumeProjection } from '../api/resume-projection.ts';
import { useVerifyProjection } from '../api/verify-projection.ts';
import type { ProjectionRow, VerifyReport } from '../types.ts';
import { RebuildProgress } from './rebuild-progress.tsx';
import { StateBadge } from './state-badge.tsx';

const lagText = ({ lag, lagSeconds }: ProjectionRow) =>
  lag === 0 ? 'Caught up' : `${lag.toLocaleString()} event${lag === 1 ? '' : 's'} behind${lagSeconds === null ? '' : ` (${lagSeconds} s)`}`;

const RebuildButton = ({ name }: { name: string }) => {
  const [open, setOpen] = useState(false);
  const dryRun = useRebuildDryRun(name, open);
  const rebuild = useRebuildProjection();
  const toast = useToast();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" aria-label={`Rebuild ${name}`} onClick={() => setOpen(true)}>
        Rebuild
      </Button>
      <DialogContent
        title={`Rebuild ${name}?`}
        description="A new collection is built from the log beside the serving one; readers switch to it once it has caught up."
      >
        <p className="text-sm" role="status">
          {dryRun.isPending && 'Counting the events it will read…'}
          {dryRun.isError && errorMessage(dryRun.error)}
          {dryRun.data &&
            `It will read ${dryRun.data.dryRun.events.toLocaleString()} events, the log up to position ${dryRun.data.dryRun.head.toLocaleString()}.`}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            disabled={rebuild.isPending}
            onClick={() =>
              rebuild.mutate(name, {
                onSuccess: () => setOpen(false),
                onError: (error) => toast({ title: 'Rebuild not started', description: errorMessage(error), variant: 'destructive' }),
              })
            }
          >
            Start rebuild
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
};

const VerifyResult = ({ report }: { report: VerifyReport }) =>
  report.ok ? (
    <p className="mt-3 flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-200" role="status">
      <CheckCircle2 className="size-4" aria-hidden />
      No differences: {report.documents.identical.toLocaleString()} documents match the log up to position {report.position}.
    </p>
  ) : (
    <div className="mt-3 text-sm" role="alert">
      <p className="font-semibold text-red-800 dark:text-red-200">
        {report.differences.length} difference{report.differences.length === 1 ? '' : 's'}, {report.gaps.length} stream revision finding
        {report.gaps.length === 1 ? '' : 's'}
        {report.buildFailure && `; the rebuild from the log stopped at position ${report.buildFailure.position}: ${report.buildFailure.message}`}
      </p>
      <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5">
        {report.differences.slice(0, 50).map((difference) => (
          <li key={difference.id}>
            <code>{difference.id}</code> {difference.kind}
            {difference.fields.slice(0, 5).map((field) => (
              <span key={field.path} className="block text-xs">
                {field.path}: serving {JSON.stringify(field.serving)} · log {JSON.stringify(field.rebuilt)}
              </span>
            ))}
          </li>
        ))}
        {report.gaps.slice(0, 50).map((gap) => (
          <li key={`${gap.documentId}-${gap.streamId}`}>
            <code>{gap.documentId}</code> stream {gap.streamId}: revision {gap.servingRevision ?? 'none'} served, {gap.logRevision ?? 'none'} in the
            log
          </li>
        ))}
      </ul>
    </div>
  );

/** Skipping an event is a decision someone takes and signs: the dialog names the event and asks who decides. */
const SkipButton = ({ row }: { row: ProjectionRow & { error: NonNullable<ProjectionRow['error']> } }) => {
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState('');
  const resume = useResumeProjection();
  const toast = useToast();
  const inputId = `skip-by-${row._id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Skip this event and resume
      </Button>
      <DialogContent
        title={`Skip the event at position ${row.error.position}?`}
        description={`${row._id} will pass over this ${row.error.eventType || 'event'} for good: its read model will not reflect it. The decision is logged with your name.`}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            resume.mutate(
              { name: row._id, skip: row.error.position, by: by.trim() },
              {
                onSuccess: (answer) => {
                  setOpen(false);
                  toast({ title: answer.message, variant: 'success' });
                },
                onError: (error) => toast({ title: 'Not resumed', description: errorMessage(error), variant: 'destructive' }),
              },
            );
          }}
        >
          <Label htmlFor={inputId}>Your name</Label>
          <Input id={inputId} required maxLength={100} value={by} onChange={(event) => setBy(event.target.value)} />
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={resume.isPending || by.trim() === ''}>
              Skip and resume
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
};

/** One projection: where it is, how far behind, what went wrong, and the operator's three actions. */
export const ProjectionCard = ({ row }: { row: ProjectionRow }) => {
  const verify = useVerifyProjection();
  const resume = useResumeProjection();
  const toast = useToast();
  const stopped = row.state === 'failed' || row.state === 'stopped';
  const headingId = `projection-${row._id}`;
  return (
    <Card className="p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-mono text-base font-semibold">
          {row._id}
        </h2>
        <StateBadge state={row.state} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Position</dt>
          {/* Positions name places in the log (they grow with its size), not counts: the lag says how many events. */}
          <dd>
            {row.position.toLocaleString()} <span className="text-slate-600 dark:text-slate-300">· head {row.head.toLocaleString()}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Lag</dt>
          <dd>{lagText(row)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Serving</dt>
          <dd className="truncate">
            <code className="text-xs">{row.collection}</code> (v{row.version})
          </dd>
        </div>
        <div>
          {/* Several projections processes share the projections through leases: which one applies this one now. */}
          <dt className="text-slate-600 dark:text-slate-300">Run by</dt>
          <dd className="truncate" title={row.owner ?? undefined}>
            {row.owner ? <code className="text-xs">{row.owner}</code> : <span className="text-amber-800 dark:text-amber-200">No process yet</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Last update</dt>
          <dd>{relativeTime(row.updatedAt)}</dd>
        </div>
      </dl>

      {row.error && (
        <div
          role={stopped ? 'alert' : 'status'}
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-4" aria-hidden />
            {stopped ? `Stopped at position ${row.error.position}` : 'Connection lost, subscribing again'}
          </p>
          <p className="mt-1 break-words">{row.error.message}</p>
          {row.error.eventType && (
            <p className="mt-1 text-xs">
              {row.error.eventType}
              {row.error.streamId && ` in ${row.error.streamId}`}
              {row.error.revision !== undefined && ` at revision ${row.error.revision}`}
              {row.error.at && `, ${relativeTime(row.error.at)}`}
            </p>
          )}
        </div>
      )}

      {row.rebuild && <RebuildProgress row={{ ...row, rebuild: row.rebuild }} />}

      {row.skipped && row.skipped.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">Skipped events ({row.skipped.length})</summary>
          <ul className="mt-1 list-disc pl-5">
            {row.skipped.map((event) => (
              <li key={event.position}>
                Position {event.position} ({event.eventType}){event.by && `, by ${event.by}`}
              </li>
            ))}
          </ul>
        </details>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {stopped && (
          <Button
            size="sm"
            aria-label={`Resume ${row._id}`}
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(
                { name: row._id },
                {
                  onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
                  onError: (error) => toast({ title: 'Not resumed', description: errorMessage(error), variant: 'destructive' }),
                },
              )
            }
          >
            Resume
          </Button>
        )}
        {stopped && row.error && <SkipButton row={{ ...row, error: row.error }} />}
        <RebuildButton name={row._id} />
        <Button variant="secondary" size="sm" aria-label={`Verify ${row._id}`} disabled={verify.isPending} onClick={() => verify.mutate(row._id)}>
          {verify.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
      {verify.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-200">
          {errorMessage(verify.error)}
        </p>
      )}
      {verify.data && <VerifyResult report={verify.data.report} />}
    </Card>
  );
};
