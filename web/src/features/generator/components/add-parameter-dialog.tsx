import { suggestedParametersFor } from '@vis/domain/starting-guidance';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage, errorTitle } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAddParameter } from '../../../lib/projects/add-parameter.ts';

/**
 * Spec 01 §2, §5: adds to the project's global parameters; a blank one cannot be added. Spec 01 §3's suggested
 * parameters the project does not hold yet are one click each; the dialog stays open for the next.
 */
export const AddParameterDialog = ({ projectId, parameters }: { projectId: string; parameters: string[] }) => {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const add = useAddParameter(projectId);
  const toast = useToast();
  const suggestionsId = useId();
  const suggestions = suggestedParametersFor(parameters);
  const failed = (error: unknown) => toast({ title: errorTitle(error) ?? 'Error', description: errorMessage(error), variant: 'destructive' });

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
        onError: failed,
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
        {suggestions.length > 0 && (
          <div role="group" aria-labelledby={suggestionsId} className="mb-4">
            <p id={suggestionsId} className="text-sm font-medium">
              Suggested parameters
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {suggestions.map((suggestion) => (
                <Button
                  key={suggestion}
                  size="sm"
                  variant="secondary"
                  disabled={add.isPending}
                  // The clicked suggestion leaves the list once added: focus goes to the field rather than the page.
                  onClick={() =>
                    add.mutate(
                      { list: 'parameters', value: suggestion },
                      { onSuccess: () => document.getElementById('new-parameter')?.focus(), onError: failed },
                    )
                  }
                >
                  <Plus className="size-3.5" aria-hidden />
                  {suggestion}
                </Button>
              ))}
            </div>
          </div>
        )}
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
