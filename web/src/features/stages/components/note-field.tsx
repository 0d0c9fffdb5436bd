import { useId } from 'react';
import { Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDraft } from '../../../lib/use-draft.ts';

export interface NoteFieldProps {
  label: string;
  value: string;
  save: (value: string) => Promise<unknown>;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  maxLength?: number;
}

/** A free text of a stage: saved as the user types (after the debounce), on blur and on Save. */
export const NoteField = ({ label, value, save, multiline = true, placeholder, hint, maxLength = 20_000 }: NoteFieldProps) => {
  const id = useId();
  const toast = useToast();
  const draft = useDraft(value, (text: string) =>
    save(text).catch((error: unknown) => {
      toast({ title: 'Error', description: 'Failed to save project', variant: 'destructive' });
      throw error;
    }),
  );
  const common = {
    id,
    value: draft.value,
    placeholder,
    maxLength,
    onBlur: draft.flush,
    'aria-describedby': hint ? `${id}-hint` : undefined,
  };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea {...common} className="mt-1" onChange={(event) => draft.change(event.target.value)} />
      ) : (
        <Input {...common} className="mt-1" onChange={(event) => draft.change(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
};
