import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { textConflictOf } from '../../../lib/text-conflict.ts';
import { useDraft } from '../../../lib/use-draft.ts';

export interface NoteFieldProps {
  label: string;
  value: string;
  /** `baseRevision`: the project revision the text was made on, for the server's check against another tab's save. */
  save: (value: string, baseRevision?: number) => Promise<unknown>;
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
    (text: string, baseRevision) =>
      save(text, baseRevision).catch((error: unknown) => {
        // A save another tab got in first is no failure: the field asks which version to keep.
        if (!textConflictOf(error)) toast({ title: 'Error', description: 'Failed to save project', variant: 'destructive' });
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

const Version = ({ title, text }: { title: string; text: string }) => (
  <figure className="min-w-0 rounded-lg border border-amber-200 bg-white p-2 dark:border-amber-800 dark:bg-slate-900">
    <figcaption className="text-xs font-semibold text-slate-700 dark:text-slate-300">{title}</figcaption>
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
      {text || <span className="text-slate-600 italic dark:text-slate-400">(empty)</span>}
    </p>
  </figure>
);

/** Another tab saved this text while it was being edited here: both versions, and a button to keep each. */
const TextConflict = ({
  id,
  label,
  mine,
  theirs,
  keepMine,
  keepTheirs,
}: {
  id: string;
  label: string;
  mine: string;
  theirs: string;
  keepMine: () => void;
  keepTheirs: () => void;
}) => (
  <div
    id={id}
    role="alert"
    aria-label={`${label}: changed in another tab`}
    className="mt-2 space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
  >
    <p className="text-sm font-semibold">Changed in another tab</p>
    <p className="text-sm">This text was saved in another tab while you were editing it. Which version do you want to keep?</p>
    <div className="grid gap-2 sm:grid-cols-2">
      <Version title="Your version" text={mine} />
      <Version title="Other tab's version" text={theirs} />
    </div>
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={keepMine}>
        Keep my version
      </Button>
      <Button size="sm" variant="secondary" onClick={keepTheirs}>
        Keep other version
      </Button>
    </div>
  </div>
);
