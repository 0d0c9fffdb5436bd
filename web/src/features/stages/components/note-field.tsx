import { useId } from 'react';
import { Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { textConflictOf, type TextBase } from '../../../lib/text-conflict.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { saveFailedToast } from '../../../lib/save-failed.ts';
import { TextConflict } from '../../../components/text-conflict.tsx';

export interface NoteFieldProps {
  label: string;
  value: string;
  /** `base`: what the text was made on, for the server's check against another tab's save (text-conflict.ts). */
  save: (value: string, base: TextBase) => Promise<unknown>;
  /** The project revision `value` was read at (the project response's `revision`); without it saves are not checked. */
  revision?: number | null;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  maxLength?: number;
}

/** A free text of a stage: saved as the user types (after the debounce), on blur and on Save. */
export const NoteField = ({ label, value, save, revision = null, multiline = true, placeholder, hint, maxLength = 20_000 }: NoteFieldProps) => {
  const id = useId();
  const toast = useToast();
  const draft = useDraft(
    value,
    (text: string, base) =>
      save(text, base).catch((error: unknown) => {
        // A save another tab got in first is no failure: the field asks which version to keep.
        if (!textConflictOf(error)) toast(saveFailedToast(error));
        throw error;
      }),
    Object.is,
    revision,
  );
  const describedBy = [hint ? `${id}-hint` : null, draft.conflict ? `${id}-conflict` : null].filter(Boolean).join(' ');
  const common = {
    id,
    value: draft.value,
    placeholder,
    maxLength,
    onBlur: draft.flush,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': draft.conflict ? true : undefined,
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
      {draft.conflict && (
        <TextConflict
          id={`${id}-conflict`}
          label={label}
          mine={draft.conflict.mine}
          theirs={draft.conflict.theirs}
          keepMine={() => void draft.keepMine().catch(() => undefined)}
          keepTheirs={draft.keepTheirs}
        />
      )}
    </div>
  );
};
