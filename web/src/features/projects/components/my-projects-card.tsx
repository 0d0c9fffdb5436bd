import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FolderOpen, Loader2, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, overlayClasses } from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteProject } from '../../../lib/projects/delete-project.ts';
import { useMyProjects, type ProjectListItem } from '../../../lib/projects/list-projects.ts';
import { useRenameProject } from '../../../lib/projects/rename-project.ts';
import { useTrash, type TrashItem } from '../../../lib/projects/list-trash.ts';
import { useRestoreProject } from '../../../lib/projects/restore-project.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useToast } from '../../../lib/toast.tsx';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { forgetCurrentProject, useRememberedProjectId } from '../hooks/use-current-project.ts';
import { useOpenProject } from '../hooks/use-open-project.ts';
import { NewIdeaDialog } from './new-idea-dialog.tsx';

/** The dashboard's list of every project: open one to make it current, rename or delete it, or start a new one. */
export const MyProjectsCard = () => {
  const projects = useMyProjects();
  const currentId = useRememberedProjectId();
  const open = useOpenProject();
  const restore = useRestoreProject();
  const toast = useToast();

  const restoreFromTrash = (project: { id: string; name: string }) =>
    restore.mutate(project.id, {
      onSuccess: () => toast({ title: 'Project restored', description: `"${project.name}" is back in My projects.`, variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to restore project'), variant: 'destructive' }),
    });
  // The Undo of a deletion is the Trash's Restore: the server brings the project back as it was.
  const deleted = (project: ProjectListItem) =>
    toast({
      title: `Deleted "${project.name}"`,
      description: 'It stays in the Trash for 30 days.',
      action: { label: 'Undo', altText: `Undo deleting ${project.name}: restore it from the Trash`, onClick: () => restoreFromTrash(project) },
    });

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
      {/* The server lists by creation, so a rename never moves the row being acted on. On phones the buttons go under the name. */}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {projects.data?.projects.map((project) => (
          <li key={project.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
            <div className="min-w-0 sm:flex-1">
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
            <div className="flex flex-wrap gap-2">
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
              <DeleteDialog project={project} onDeleted={deleted} />
            </div>
          </li>
        ))}
      </ul>
      <Trash onRestore={restoreFromTrash} restoring={restore.isPending} />
    </Card>
  );
};

/** Deleted projects, restorable for 30 days (then the server no longer lists them). Shown only when there are some. */
const Trash = ({ onRestore, restoring }: { onRestore: (item: TrashItem) => void; restoring: boolean }) => {
  const trash = useTrash();
  const items = trash.data?.projects ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="trash-title" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id="trash-title" className="flex items-center gap-2 font-semibold">
        <Trash2 className="size-4" aria-hidden /> Trash
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-300">Deleted projects stay here for 30 days; restore one to get it back as it was.</p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:gap-3">
            <div className="min-w-0 sm:flex-1">
              <p className="truncate font-medium">{item.name}</p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                Deleted {relativeTime(item.deletedAt)} · gone for good on {new Date(item.restorableUntil).toLocaleDateString()}
              </p>
            </div>
            <Button size="sm" variant="secondary" aria-label={`Restore ${item.name}`} disabled={restoring} onClick={() => onRestore(item)}>
              <RotateCcw className="size-4" aria-hidden /> Restore
            </Button>
          </li>
        ))}
      </ul>
    </section>
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

/** Deleting the project a screen works on forgets it, so the next screen resolves another (or a new one). */
const forgetIfRemembered = (queryClient: QueryClient, projectId: string) => {
  if (storage.get(STORAGE_KEYS.currentProjectId) === projectId) forgetCurrentProject(queryClient);
  if (storage.get(STORAGE_KEYS.currentBuilderProjectId) === projectId) storage.remove(STORAGE_KEYS.currentBuilderProjectId);
};

/** `onDeleted` belongs to the list, which stays when this row (and its dialog) goes with the deleted project. */
const DeleteDialog = ({ project, onDeleted }: { project: ProjectListItem; onDeleted: (project: ProjectListItem) => void }) => {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const remove = useDeleteProject({
    onDeleted: (projectId) => {
      forgetIfRemembered(queryClient, projectId);
      onDeleted(project);
    },
  });

  const confirm = () =>
    remove.mutate(project.id, {
      onSuccess: () => setOpen(false),
      onError: (failure) => setError(errorMessage(failure, 'Failed to delete project')),
    });

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Delete ${project.name}`}>
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-red-200 bg-white p-6 shadow-2xl dark:border-red-500/30 dark:bg-slate-900">
          <AlertDialog.Title className="flex items-center gap-2 text-lg font-semibold">
            <Trash2 className="size-5 shrink-0 text-red-600" aria-hidden />
            <span className="min-w-0 break-words">Delete "{project.name}"?</span>
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            <span className="font-medium break-words text-slate-900 dark:text-slate-100">{project.name}</span> and all its work go to the Trash. You
            can restore it from there for 30 days.
          </AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses({ variant: 'danger' })}
              disabled={remove.isPending}
              onClick={(event) => {
                // The dialog stays until the server has deleted the project.
                event.preventDefault();
                confirm();
              }}
            >
              {remove.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
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
