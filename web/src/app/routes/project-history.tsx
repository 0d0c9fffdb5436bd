import type { HistoryKind, ProjectHistoryEntry } from '@vis/domain';
import { ArrowLeft, ChevronLeft, ChevronRight, History, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useHistoryTimeline } from '../../features/history/api/get-history-timeline.ts';
import { useProjectAt } from '../../features/history/api/get-project-at.ts';
import { useRestoreVersion } from '../../features/history/api/restore-version.ts';
import { HISTORY_KIND_FILTERS, HistoryEntry, KIND_LABELS } from '../../features/history/components/history-entry.tsx';
import { ProjectSnapshot } from '../../features/history/components/project-snapshot.tsx';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useProject } from '../../lib/projects/get-project.ts';
import { useToast } from '../../lib/toast.tsx';

/** The project revision an entry leaves the project at: a publishing entry (the idea's stream) shows the project as it then stood. */
const projectRevisionAt = (entries: ProjectHistoryEntry[], index: number, projectStream: string) => {
  for (let at = index; at >= 0; at--) if (entries[at]!.streamId === projectStream) return entries[at]!.revision;
  return null;
};

/**
 * /projects/{id}/history: the project's timeline. A slider scrubs the whole project view through time (each
 * position is the project right after that event, folded by the server with the domain's own evolve), each
 * event shows what it changed, and filters narrow the timeline to kinds of change.
 */
export const ProjectHistoryRoute = () => {
  const { id = '' } = useParams();
  const sliderId = useId();
  const project = useProject(id);
  const [kinds, setKinds] = useState<HistoryKind[]>([]);
  const timeline = useHistoryTimeline(id, kinds);
  const entries = timeline.data?.entries ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  // Until the user moves it, the slider stays on the latest event (also as live changes arrive).
  const index = entries.length === 0 ? -1 : Math.min(chosen ?? entries.length - 1, entries.length - 1);
  const entry = index >= 0 ? entries[index]! : null;
  const revision = index >= 0 ? projectRevisionAt(entries, index, `project-${id}`) : null;
  const snapshot = useProjectAt(id, revision);

  if (project.isError) return <DataMissing />;
  const name = project.data?.project.name ?? 'Project';
  const toggleKind = (kind: HistoryKind) => {
    setChosen(null);
    setKinds((current) => (current.includes(kind) ? current.filter((each) => each !== kind) : [...current, kind]));
  };
  const choose = (next: number) => setChosen(Math.max(0, Math.min(entries.length - 1, next)));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <Link
        to={project.data?.kind === 'builder' ? '/game' : '/dashboard'}
        className="inline-flex items-center gap-1 text-sm text-slate-700 hover:underline dark:text-slate-300"
      >
        <ArrowLeft className="size-4" aria-hidden /> {project.data?.kind === 'builder' ? 'Back to the builder' : 'Back to Dashboard'}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words sm:text-3xl">History of {name}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Move the slider to see the project as it was after each change; each change lists what it changed.
      </p>

      <fieldset className="mt-4 flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">Show</legend>
        {HISTORY_KIND_FILTERS.map((kind) => (
          <label key={kind} className="inline-flex min-h-8 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-indigo-600" checked={kinds.includes(kind)} onChange={() => toggleKind(kind)} />
            {KIND_LABELS[kind]}
          </label>
        ))}
        {kinds.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => setKinds([])}>
            Show all
          </Button>
        )}
      </fieldset>

      {timeline.isPending ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading history...
        </p>
      ) : timeline.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-300">
          {errorMessage(timeline.error, 'Failed to load the project history.')}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">No changes of these kinds yet.</p>
      ) : (
        <>
          <Card className="mt-4" aria-label="Time travel">
            <label htmlFor={sliderId} className="text-sm font-medium">
              Change {index + 1} of {entries.length}
            </label>
            {timeline.data?.truncated && <p className="text-xs text-slate-600 dark:text-slate-300">Showing the latest {entries.length} changes.</p>}
            <div className="mt-2 flex items-center gap-2">
              <Button variant="secondary" size="sm" aria-label="Previous change" disabled={index <= 0} onClick={() => choose(index - 1)}>
                <ChevronLeft className="size-4" aria-hidden />
              </Button>
              <input
                id={sliderId}
                type="range"
                min={0}
                max={entries.length - 1}
                value={index}
                aria-valuetext={`Change ${index + 1} of ${entries.length}: ${entry?.summary ?? ''}`}
                onChange={(event) => choose(Number(event.target.value))}
                className="h-8 min-w-0 flex-1 accent-indigo-600"
              />
              <Button variant="secondary" size="sm" aria-label="Next change" disabled={index >= entries.length - 1} onClick={() => choose(index + 1)}>
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </div>
            {entry && (
              <div className="mt-3" aria-live="polite">
                <HistoryEntry entry={entry} current />
              </div>
            )}
            {revision !== null && (
              <RestoreThisVersion projectId={id} revision={revision} latest={project.data?.revision ?? null} onRestored={() => setChosen(null)} />
            )}
          </Card>

          {/* On phones the project comes right under the slider that moves it; the timeline follows. */}
          <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby={`${sliderId}-timeline`} className="order-2 lg:order-1">
              <h2 id={`${sliderId}-timeline`} className="mb-2 text-lg font-semibold">
                Timeline
              </h2>
              <ol className="grid max-h-[70vh] gap-2 overflow-y-auto pr-1">
                {entries.map((each, at) => (
                  <li key={each.id}>
                    <HistoryEntry entry={each} current={at === index} onSelect={() => choose(at)} />
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby={`${sliderId}-snapshot`} className="order-1 lg:order-2">
              <h2 id={`${sliderId}-snapshot`} className="mb-2 flex items-center gap-2 text-lg font-semibold">
                The project after this change
                {snapshot.isFetching && <Loader2 className="size-4 animate-spin" aria-label="Loading" />}
              </h2>
              {snapshot.isError ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                  {errorMessage(snapshot.error, 'Failed to load the project at this moment.')}
                </p>
              ) : snapshot.data ? (
                <ProjectSnapshot snapshot={snapshot.data} />
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">Nothing to show before the project was created.</p>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
};

/**
 * 'Restore this version': the project goes back to how it was after the chosen change, as one new change at the
 * end of the history; its toast's Undo restores the version just before that change.
 */
const RestoreThisVersion = ({
  projectId,
  revision,
  latest,
  onRestored,
}: {
  projectId: string;
  revision: number;
  latest: number | null;
  onRestored: () => void;
}) => {
  const restore = useRestoreVersion(projectId);
  const toast = useToast();
  const failed = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, 'Failed to restore this version'), variant: 'destructive' });
  if (latest !== null && revision >= latest) {
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">This is the project as it is now.</p>;
  }
  const run = (to: number, undoing: boolean) =>
    restore.mutate(to, {
      onError: failed,
      onSuccess: (answer) => {
        onRestored();
        if (undoing) {
          toast({ title: 'Restore undone', description: 'The project is back as it was before the restore.', variant: 'success' });
          return;
        }
        const restoredAt = answer.revision;
        toast({
          title: 'Version restored',
          description: 'The project is back as it was after this change. The restore is in the history too.',
          variant: 'success',
          ...(answer.changed && restoredAt !== undefined
            ? { action: { label: 'Undo', altText: 'Undo the restore', onClick: () => run(restoredAt - 1, true) } }
            : {}),
        });
      },
    });
  return (
    <Button className="mt-3" variant="secondary" size="sm" disabled={restore.isPending} onClick={() => run(revision, false)}>
      {restore.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <History className="size-4" aria-hidden />}
      {restore.isPending ? 'Restoring...' : 'Restore this version'}
    </Button>
  );
};
