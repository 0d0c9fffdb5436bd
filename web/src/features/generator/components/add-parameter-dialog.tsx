import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage, errorTitle } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAddParameter } from '../../../lib/projects/add-parameter.ts';

/** Spec 01 §2, §5: adds to the project's global parameters; a blank one cannot be added. */
export const AddParameterDialog = ({ projectId, parameters }: { projectId: string; parameters: string[] }) => {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const add = useAddParameter(projectId);
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    add.mutate(
      { list: 'parameters', value: value.trim() },
      {
        onSuccess: () => {
          setValue('');
          setOpen(false);
        },
        onError: (error) => toast({ title: errorTitle(error) ?? 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Plus className="size-4" aria-hidden /> Add Parameter
        </Button>
      </DialogTrigger>
      <DialogContent title="Add Parameter" description={`Current parameters: ${parameters.join(', ') || 'none'}`}>
        <form onSubmit={submit} className="space-y-4">
          <div>
            <Label htmlFor="new-parameter">Parameter</Label>
            <Input id="new-parameter" className="mt-1" value={value} maxLength={200} onChange={(event) => setValue(event.target.value)} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={value.trim() === '' || add.isPending}>
              {add.isPending ? 'Adding...' : 'Add'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
};
