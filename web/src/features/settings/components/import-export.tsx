import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Replace, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { overlayClasses } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { exportProjectUrl } from '../../../lib/projects/export-project.ts';
import { useProject } from '../../../lib/projects/get-project.ts';
import { useImportProject } from '../../../lib/projects/import-project.ts';
import { importNewProject } from '../../../lib/projects/import-new-project.ts';
import { listProjectsQueryOptions } from '../../../lib/projects/list-projects.ts';

const INVALID = 'Invalid project data format';

/** Spec 01 §5: a file must be chosen, and hold JSON with projectName and a stages array. */
const readProjectFile = async (file: File): Promise<Record<string, unknown>> => {
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error(INVALID);
  }
  const candidate = data as { projectName?: unknown; stages?: unknown } | null;
  if (!candidate || typeof candidate !== 'object' || typeof candidate.projectName !== 'string' || !Array.isArray(candidate.stages))
    throw new Error(INVALID);
  return candidate;
};

/**
 * Import Project makes the file a NEW project (issue 26: it used to replace the current one without asking, and
 * the old project was gone). Replacing the current project is a second choice, confirmed in a dialog naming it.
 * `onImportedAsNew` makes the new project the current one (the app knows what 'current' is).
 */
export const ImportExport = ({ projectId, onImportedAsNew }: { projectId: string; onImportedAsNew: (projectId: string) => void }) => {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const importProject = useImportProject(projectId);
  const currentName = useProject(projectId).data?.project.name ?? 'the current project';
  const queryClient = useQueryClient();
  const toast = useToast();

  /** The chosen file, read and checked; null (with the reason shown) when there is none or it is not a project. */
  const chosenFile = async (): Promise<{ name: string; data: Record<string, unknown> } | null> => {
    setProblem(null);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setProblem('Please select a file to import first.');
      return null;
    }
    try {
      return { name: file.name, data: await readProjectFile(file) };
    } catch (error) {
      failed(error);
      return null;
    }
  };
  const failed = (error: unknown) =>
    setProblem(`Error importing project: ${error instanceof Error && !('status' in error) ? error.message : errorMessage(error, INVALID)}`);
  const done = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = await chosenFile();
    if (!file) return;
    setImporting(true);
    try {
      const { project } = await importNewProject(file.data);
      done();
      await queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey, exact: true });
      onImportedAsNew(project.id);
      toast({
        title: 'Project imported',
        description: `${file.name} is a new project and your current one now. "${currentName}" is still in My projects.`,
        variant: 'success',
      });
    } catch (error) {
      failed(error);
    } finally {
      setImporting(false);
    }
  };

  const askToReplace = async () => {
    if (await chosenFile()) setConfirmReplace(true);
  };

  const replace = async () => {
    const file = await chosenFile();
    if (!file) return setConfirmReplace(false);
    try {
      await importProject.mutateAsync(file.data);
      done();
      setConfirmReplace(false);
      toast({ title: 'Project replaced', description: `${file.name} replaced "${currentName}". The history keeps what it was.`, variant: 'success' });
    } catch (error) {
      setConfirmReplace(false);
      failed(error);
    }
  };

  return (
    <Card aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        Import & Export
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">Keep a copy of your project as a JSON file, or continue from one.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <form onSubmit={(event) => void submit(event)} className="space-y-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            Project file (JSON)
          </label>
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            onChange={() => setProblem(null)}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">The file becomes a new project; your other projects stay as they are.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={importing || importProject.isPending}>
              <Upload className="size-4" aria-hidden />
              {importing ? 'Importing...' : 'Import Project'}
            </Button>
            <Button type="button" variant="ghost" disabled={importing || importProject.isPending} onClick={() => void askToReplace()}>
              <Replace className="size-4" aria-hidden />
              Replace current project...
            </Button>
          </div>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {problem}
            </p>
          )}
        </form>
        <div className="space-y-2">
          <p className="text-sm font-medium">Export</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">Downloads the whole project, named after it.</p>
          <a href={exportProjectUrl(projectId)} download className={buttonClasses({ variant: 'secondary' })}>
            <Download className="size-4" aria-hidden />
            Export Project
          </a>
        </div>
      </div>
      <AlertDialog.Root open={confirmReplace} onOpenChange={setConfirmReplace}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClasses} />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-amber-200 bg-white p-6 shadow-2xl dark:border-amber-500/30 dark:bg-slate-900">
            <AlertDialog.Title className="text-lg font-semibold break-words">Replace "{currentName}"?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Everything in "{currentName}" is replaced by the file. Its history keeps what it was, and you can restore that version from there.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClasses({ variant: 'danger' })}
                disabled={importProject.isPending}
                onClick={(event) => {
                  event.preventDefault();
                  void replace();
                }}
              >
                {importProject.isPending ? 'Replacing...' : 'Replace project'}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Card>
  );
};
