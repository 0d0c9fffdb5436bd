import { FolderOpen, Loader2, Pencil, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMyProjects, type ProjectListItem } from '../../../lib/projects/list-projects.ts';
import { useRenameProject } from '../../../lib/projects/rename-project.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useRememberedProjectId } from '../hooks/use-current-project.ts';
import { useOpenProject } from '../hooks/use-open-project.ts';
import { NewIdeaDialog } from './new-idea-dialog.tsx';

/** The dashboard's list of every project: open one to make it current, rename it, or start a new one. */
export const MyProjectsCard = () => {
  const projects = useMyProjects();
  const currentId = useRememberedProjectId();
  const open = useOpenProject();

  return (
    <Card aria-labelledby="my-projects-title" id="my-projects">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-projects-title" className="text-lg font-semibold">
          My projects
        </h2>
        <NewIdeaDialog
          trigger={(open) => (
            <Button size="sm" variant="secondary" onClick={open}>
              <Plus className="size-4" aria-hidden /> New Idea
            </Button>
          )}
        />
      </div>
      {projects.isPending && <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Loading your projects...</p>}
      {projects.isError && <p className="mt-3 text-sm text-red-700 dark:text-red-300">Failed to load your projects</p>}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {projects.data?.projects.map((project) => (
          <li key={project.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">
                {project.name}
                {project.id === currentId && (
                  <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
                    current
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {project.kind === 'builder' ? 'Nine-step builder · ' : ''}
                {project.percentComplete}% complete · changed {relativeTime(project.updatedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Open ${project.name}`}
                disabled={project.id === currentId}
                onClick={() => {
                  open(project);
                  window.scrollTo({ top: 0 });
                }}
              >
                <FolderOpen className="size-4" aria-hidden /> Open
              </Button>
              <RenameDialog project={project} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
};

const RenameDialog = ({ project }: { project: ProjectListItem }) => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="ghost" aria-label={`Rename ${project.name}`} onClick={() => setOpen(true)}>
        <Pencil className="size-4" aria-hidden /> Rename
      </Button>
      {open && <RenameForm project={project} onDone={() => setOpen(false)} />}
    </Dialog>
  );
};

const RenameForm = ({ project, onDone }: { project: ProjectListItem; onDone: () => void }) => {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameProject(project.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Give your idea a name');
      return;
    }
    rename.mutate(name.trim(), { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, 'Failed to rename project')) });
  };

  return (
    <DialogContent title="Rename project">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>Project name</Label>
          <Input
            id={inputId}
            value={name}
            maxLength={200}
            autoFocus
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          <FieldError id={errorId}>{error}</FieldError>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {rename.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
};
