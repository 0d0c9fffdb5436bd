import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { exportProjectUrl } from '../../../lib/projects/export-project.ts';
import { useImportProject } from '../../../lib/projects/import-project.ts';

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

export const ImportExport = ({ projectId }: { projectId: string }) => {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importProject = useImportProject(projectId);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setProblem('Please select a file to import first.');
      return;
    }
    try {
      await importProject.mutateAsync(await readProjectFile(file));
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: 'Project imported', description: `${file.name} replaced the current project.`, variant: 'success' });
    } catch (error) {
      setProblem(`Error importing project: ${error instanceof Error && !('status' in error) ? error.message : errorMessage(error, INVALID)}`);
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
          <Button type="submit" variant="secondary" disabled={importProject.isPending}>
            <Upload className="size-4" aria-hidden />
            {importProject.isPending ? 'Importing...' : 'Import Project'}
          </Button>
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
    </Card>
  );
};
