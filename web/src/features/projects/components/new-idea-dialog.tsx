import { Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { createProject } from '../../../lib/projects/create-project.ts';
import { useToast } from '../../../lib/toast.tsx';
import { rememberCurrentProject } from '../hooks/use-current-project.ts';

const MAX_NAME_LENGTH = 200;

/**
 * New Idea asks for a name first, so two new projects are never both 'New Viral Idea' and the one before stays
 * easy to find in My projects. The new project becomes the current one and opens on stage 1.
 */
export const NewIdeaDialog = ({ trigger }: { trigger: (open: () => void) => ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      {trigger(() => setOpen(true))}
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <NewIdeaForm onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
};

const NewIdeaForm = ({ onDone }: { onDone: () => void }) => {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Give your idea a name');
      return;
    }
    setCreating(true);
    try {
      const { project } = await createProject({ name: name.trim() });
      rememberCurrentProject(project.id);
      onDone();
      toast({ title: 'Project created', description: `"${name.trim()}" is your current project now.`, variant: 'success' });
      void navigate('/stage-1');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create project'));
    } finally {
      setCreating(false);
    }
  };

  return (
    <DialogContent title="New Idea" description="Start another viral idea. Your other projects stay in My projects.">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>Project name</Label>
          <Input
            id={inputId}
            value={name}
            maxLength={MAX_NAME_LENGTH}
            autoFocus
            placeholder="e.g. Tip Wall"
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
          <Button type="submit" disabled={creating}>
            {creating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Plus className="size-4" aria-hidden />}
            {creating ? 'Creating...' : 'Create Project'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
};
