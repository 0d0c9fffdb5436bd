import { Check, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { saveFailedToast } from '../../../lib/save-failed.ts';

export interface ItemField<T> {
  key: keyof T & string;
  label: string;
  multiline?: boolean;
  /** The message shown when the field is left empty; fields without one are optional. */
  required?: string;
  /** A filled value's problem, or null: the server refuses the same (the domain's notes schema). */
  validate?: (value: string) => string | null;
}

/**
 * A list of small records kept in a stage's notes (stage 1 key resources, stage 2 case studies, stage 5 other
 * webpage elements): each add, edit or remove saves the whole list as one UpdateStageNotes command. Edit puts an
 * item back in the form, whose button then saves it in place.
 */
export const ItemListEditor = <T extends Record<string, string>>({
  title,
  icon,
  items,
  fields,
  describe,
  addLabel,
  save,
}: {
  title: string;
  icon: ReactNode;
  items: T[];
  fields: ItemField<T>[];
  describe: (item: T) => ReactNode;
  addLabel: string;
  save: (items: T[]) => Promise<unknown>;
}) => {
  const formId = useId();
  const empty = Object.fromEntries(fields.map((field) => [field.key, ''])) as T;
  const [form, setForm] = useState<T>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const toast = useToast();
  const nameOf = (item: T, index: number) => Object.values(item)[0] || `item ${index + 1}`;

  const stopEditing = () => {
    setEditing(null);
    setForm(empty);
    setErrors({});
  };
  const startEditing = (index: number) => {
    const item = items[index]!;
    setEditing(index);
    setForm(Object.fromEntries(fields.map((field) => [field.key, item[field.key] ?? ''])) as T);
    setErrors({});
  };

  const write = async (next: T[]) => {
    setSaving(true);
    try {
      await save(next);
      return true;
    } catch (error) {
      toast(saveFailedToast(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      fields.flatMap((field) => {
        const value = (form[field.key] ?? '').trim();
        if (value === '') return field.required ? [[field.key, field.required]] : [];
        const problem = field.validate?.(value);
        return problem ? [[field.key, problem]] : [];
      }),
    );
    setErrors(found as Partial<Record<keyof T, string>>);
    if (Object.keys(found).length > 0) return;
    const item = Object.fromEntries(fields.map((field) => [field.key, (form[field.key] ?? '').trim()])) as T;
    // Fields this form does not show (none today) are kept as the item had them.
    const next = editing === null ? [...items, item] : items.map((other, index) => (index === editing ? { ...other, ...item } : other));
    if (await write(next)) stopEditing();
  };

  const remove = async (index: number) => {
    if (!(await write(items.filter((_, other) => other !== index)))) return;
    if (editing === index) stopEditing();
    else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  return (
    <Card aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="flex items-center gap-2 font-semibold">
        {icon} {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 italic dark:text-slate-400">Nothing here yet</p>
      ) : (
        <ul aria-label={title} className="mt-3 space-y-2">
          {items.map((item, index) => (
            <li key={index} className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
              <div className="min-w-0 break-words">{describe(item)}</div>
              <div className="-mt-1.5 -mr-1.5 flex shrink-0">
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  aria-label={`Edit ${nameOf(item, index)}`}
                  aria-pressed={editing === index}
                  disabled={saving}
                  onClick={() => startEditing(index)}
                >
                  <Pencil className="size-3.5" aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  aria-label={`Remove ${nameOf(item, index)}`}
                  disabled={saving}
                  onClick={() => void remove(index)}
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={editing === null ? addLabel : `Edit ${nameOf(items[editing]!, editing)}`}
        className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800"
      >
        {fields.map((field) => {
          const id = `${formId}-${field.key}`;
          const props = {
            id,
            value: form[field.key],
            'aria-invalid': errors[field.key] ? true : undefined,
            'aria-describedby': errors[field.key] ? `${id}-error` : undefined,
          };
          const change = (value: string) => {
            setForm({ ...form, [field.key]: value });
            setErrors({ ...errors, [field.key]: undefined });
          };
          return (
            <div key={field.key} className={field.multiline ? 'sm:col-span-2' : undefined}>
              <Label htmlFor={id}>{field.label}</Label>
              {field.multiline ? (
                <Textarea {...props} className="mt-1 min-h-20" onChange={(event) => change(event.target.value)} />
              ) : (
                <Input {...props} className="mt-1" onChange={(event) => change(event.target.value)} />
              )}
              <FieldError id={`${id}-error`}>{errors[field.key]}</FieldError>
            </div>
          );
        })}
        <div className="flex flex-col gap-2 xs:flex-row sm:col-span-2">
          {editing === null ? (
            <Button type="submit" variant="secondary" disabled={saving}>
              <Plus className="size-4" aria-hidden /> {addLabel}
            </Button>
          ) : (
            <>
              <Button type="submit" disabled={saving}>
                <Check className="size-4" aria-hidden /> Save changes
              </Button>
              <Button variant="ghost" onClick={stopEditing} disabled={saving}>
                Cancel
              </Button>
            </>
          )}
        </div>
      </form>
    </Card>
  );
};
