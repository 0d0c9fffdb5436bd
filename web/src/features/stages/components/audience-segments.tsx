import type { AudienceSegment } from '@vis/domain';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAddAudienceSegment } from '../../../lib/projects/add-audience-segment.ts';
import { useRemoveAudienceSegment } from '../../../lib/projects/remove-audience-segment.ts';
import { splitItems } from '../../../lib/parameter-lists.ts';

type SegmentField = 'name' | 'description' | 'reachStrategy';
type SegmentErrors = Partial<Record<SegmentField, string>>;

/** Spec 01 §5 'Audience segment'. */
const REQUIRED: Record<SegmentField, string> = {
  name: 'Name is required',
  description: 'Description is required',
  reachStrategy: 'Reach strategy is required',
};

const EMPTY = { name: '', description: '', motivations: '', reachStrategy: '' };

const errorsOf = (form: typeof EMPTY): SegmentErrors =>
  Object.fromEntries((Object.keys(REQUIRED) as SegmentField[]).filter((field) => form[field].trim() === '').map((field) => [field, REQUIRED[field]]));

/** Stage 2's audience segments: the list, and a form that says what is missing before anything is sent. */
export const AudienceSegments = ({ projectId, segments }: { projectId: string; segments: AudienceSegment[] }) => {
  const formId = useId();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<SegmentErrors>({});
  const add = useAddAudienceSegment(projectId);
  const remove = useRemoveAudienceSegment(projectId);
  const toast = useToast();

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      {
        name: form.name.trim(),
        description: form.description.trim(),
        motivations: splitItems(form.motivations),
        reachStrategy: form.reachStrategy.trim(),
      },
      {
        onSuccess: () => setForm(EMPTY),
        onError: (error) => {
          const field = error instanceof ApiError ? (error.body as { field?: string } | null)?.field : undefined;
          if (field && field in REQUIRED) setErrors({ [field]: error.message });
          else toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' });
        },
      },
    );
  };

  const field = (name: SegmentField, label: string, multiline = false) => {
    const id = `${formId}-${name}`;
    const props = {
      id,
      value: form[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-error` : undefined,
    };
    return (
      <div>
        <Label htmlFor={id}>{label}</Label>
        {multiline ? (
          <Textarea {...props} className="mt-1 min-h-20" onChange={(event) => set(name)(event.target.value)} />
        ) : (
          <Input {...props} className="mt-1" onChange={(event) => set(name)(event.target.value)} />
        )}
        <FieldError id={`${id}-error`}>{errors[name]}</FieldError>
      </div>
    );
  };

  return (
    <Card aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="flex items-center gap-2 font-semibold">
        <Users className="size-4 text-indigo-500" aria-hidden /> Audience Segments
      </h3>
      {segments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 italic dark:text-slate-400">No audience segments yet</p>
      ) : (
        <ul aria-label="Audience segments" className="mt-3 grid gap-3 sm:grid-cols-2">
          {segments.map((segment, index) => (
            <li key={`${index}-${segment.name}`} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold">{segment.name}</p>
                <Button
                  size="icon"
                  variant="ghost"
                  className="-mt-1.5 -mr-1.5 size-8"
                  aria-label={`Remove segment ${segment.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(index, {
                      onError: (error) =>
                        toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' }),
                    })
                  }
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </Button>
              </div>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{segment.description}</p>
              {segment.motivations.length > 0 && (
                <p className="mt-2 text-xs">
                  <span className="font-medium">Motivations:</span> {segment.motivations.join(', ')}
                </p>
              )}
              <p className="mt-1 text-xs">
                <span className="font-medium">Reach:</span> {segment.reachStrategy}
              </p>
            </li>
          ))}
        </ul>
      )}

      <form
        onSubmit={submit}
        noValidate
        aria-label="New audience segment"
        className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800"
      >
        {field('name', 'Segment name')}
        {field('reachStrategy', 'Reach strategy')}
        <div className="sm:col-span-2">{field('description', 'Description', true)}</div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${formId}-motivations`}>Motivations</Label>
          <Input
            id={`${formId}-motivations`}
            className="mt-1"
            value={form.motivations}
            onChange={(event) => set('motivations')(event.target.value)}
            placeholder="Separate with commas"
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>
            <UserPlus className="size-4" aria-hidden />
            {add.isPending ? 'Adding...' : 'Add Segment'}
          </Button>
        </div>
      </form>
    </Card>
  );
};
