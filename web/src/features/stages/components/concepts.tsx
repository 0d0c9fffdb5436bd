import type { IdeaConcept } from '@vis/domain';
import { Lightbulb, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useProposeConcepts } from '../../../lib/projects/propose-concepts.ts';
import { useSelectConcept } from '../../../lib/projects/select-concept.ts';
import { useRemoveConcept } from '../../../lib/projects/remove-concept.ts';
import { useUpdateConcept } from '../../../lib/projects/update-concept.ts';
import { DraftStageButton } from './stage-drafts.tsx';

/** Spec 01 §9: simplicity from 0 to 5. */
const SCORES = [0, 1, 2, 3, 4, 5] as const;

const SimplicityScore = ({ score }: { score: number }) => (
  <span className="inline-flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400" aria-label={`Simplicity ${score} of 5`}>
    <span aria-hidden className="flex gap-0.5">
      {SCORES.slice(1).map((step) => (
        <span key={step} className={cn('h-1.5 w-3 rounded-full', step <= score ? 'bg-emerald-500' : 'bg-slate-200 dark:bg-slate-700')} />
      ))}
    </span>
    <span aria-hidden>Simplicity {score}/5</span>
  </span>
);

const DUPLICATE_NAME = 'A concept with this name already exists';
const fieldOf = (error: unknown) =>
  error instanceof ApiError ? ((error.body as { field?: unknown } | null)?.field as string | undefined) : undefined;

/** One concept's fields in place: Save sends them as an edit of that concept. */
const ConceptEditor = ({
  concept,
  taken,
  save,
  cancel,
}: {
  concept: IdeaConcept;
  taken: string[];
  save: (concept: IdeaConcept) => Promise<unknown>;
  cancel: () => void;
}) => {
  const id = useId();
  const [form, setForm] = useState({
    name: concept.name,
    simplicityScore: concept.simplicityScore,
    coreAction: concept.coreAction ?? '',
    viralHook: concept.viralHook ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    if (name === '') return setError('Concept name is required');
    if (taken.includes(name)) return setError(DUPLICATE_NAME);
    save({ ...form, name }).then(cancel, (failure: unknown) => setError(errorMessage(failure, 'Failed to save project')));
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-2 rounded-xl border border-indigo-300 p-3 dark:border-indigo-500/50"
      aria-label={`Edit ${concept.name}`}
    >
      <Label htmlFor={`${id}-name`}>Concept name</Label>
      <Input
        id={`${id}-name`}
        value={form.name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setForm({ ...form, name: event.target.value });
          setError(null);
        }}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <Label htmlFor={`${id}-score`}>Simplicity score (0–5)</Label>
      <select
        id={`${id}-score`}
        value={form.simplicityScore}
        onChange={(event) => setForm({ ...form, simplicityScore: Number(event.target.value) })}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-950"
      >
        {SCORES.map((score) => (
          <option key={score} value={score}>
            {score}
          </option>
        ))}
      </select>
      <Label htmlFor={`${id}-action`}>Core action</Label>
      <Input id={`${id}-action`} value={form.coreAction} onChange={(event) => setForm({ ...form, coreAction: event.target.value })} />
      <Label htmlFor={`${id}-hook`}>Viral hook</Label>
      <Input id={`${id}-hook`} value={form.viralHook} onChange={(event) => setForm({ ...form, viralHook: event.target.value })} />
      <div className="mt-1 flex gap-2">
        <Button type="submit" size="sm">
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

/** Stage 3 (variant C): idea concepts with a simplicity score, one of them selected. */
export const Concepts = ({ projectId, concepts, selectedIndex }: { projectId: string; concepts: IdeaConcept[]; selectedIndex: number | null }) => {
  const formId = useId();
  const [form, setForm] = useState({ name: '', simplicityScore: 3, coreAction: '', viralHook: '' });
  const [nameError, setNameError] = useState<string | null>(null);
  const propose = useProposeConcepts(projectId);
  const select = useSelectConcept(projectId);
  const update = useUpdateConcept(projectId);
  const remove = useRemoveConcept(projectId);
  const [editing, setEditing] = useState<number | null>(null);
  const toast = useToast();
  // The choice shows at once; the server's answer (or a failure) settles it.
  const [choosing, setChoosing] = useState<number | null>(null);
  const shownIndex = choosing ?? selectedIndex;
  const choose = (index: number) => {
    setChoosing(index);
    select.mutate(index, { onError: failed, onSettled: () => setChoosing(null) });
  };
  const failed = (error: unknown) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.name.trim() === '') {
      setNameError('Concept name is required');
      return;
    }
    if (concepts.some((concept) => concept.name === form.name.trim())) {
      setNameError(DUPLICATE_NAME);
      return;
    }
    propose.mutate(
      [{ name: form.name.trim(), simplicityScore: form.simplicityScore, coreAction: form.coreAction.trim(), viralHook: form.viralHook.trim() }],
      {
        onSuccess: () => setForm({ name: '', simplicityScore: 3, coreAction: '', viralHook: '' }),
        // The server refuses a repeated name too (another tab may have added it): its message goes under the field.
        onError: (error) => (fieldOf(error)?.endsWith('.name') ? setNameError(errorMessage(error, DUPLICATE_NAME)) : failed(error)),
      },
    );
  };

  return (
    <div className="space-y-6">
      <DraftStageButton
        projectId={projectId}
        stage={3}
        label="Generate Concepts"
        hint="Let the AI propose three concepts from your core idea and stages 1–2. Keep, edit, remove or select each one."
      />
      <Card aria-labelledby={`${formId}-list`}>
        <h2 id={`${formId}-list`} className="flex items-center gap-2 text-lg font-semibold">
          <Lightbulb className="size-5 text-amber-500" aria-hidden /> Idea Concepts
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Pick the concept you want to take forward.</p>
        {concepts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 italic dark:text-slate-400">No concepts yet: generate some or add your first one below.</p>
        ) : (
          <fieldset className="mt-3">
            <legend className="sr-only">Selected concept</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {concepts.map((concept, index) =>
                editing === index ? (
                  <ConceptEditor
                    key={concept.name}
                    concept={concept}
                    taken={concepts.filter((_, other) => other !== index).map((other) => other.name)}
                    save={(edited) => update.mutateAsync({ index, concept: edited })}
                    cancel={() => setEditing(null)}
                  />
                ) : (
                  <div
                    key={concept.name}
                    className="flex flex-col rounded-xl border border-slate-200 transition-colors has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-700 dark:has-checked:bg-indigo-500/15"
                  >
                    <label className="flex flex-1 cursor-pointer items-start gap-2 p-3 pb-1">
                      <input
                        type="radio"
                        name={`${formId}-selected`}
                        className="mt-1 accent-indigo-600"
                        checked={shownIndex === index}
                        onChange={() => choose(index)}
                      />
                      <span className="min-w-0 flex-1 break-words">
                        <span className="block font-semibold">{concept.name}</span>
                        <SimplicityScore score={concept.simplicityScore} />
                        {concept.coreAction && (
                          <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">Core action: {concept.coreAction}</span>
                        )}
                        {concept.viralHook && (
                          <span className="block text-sm text-slate-600 dark:text-slate-300">Viral hook: {concept.viralHook}</span>
                        )}
                      </span>
                      {shownIndex === index && (
                        <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-[11px] font-semibold text-white">Selected</span>
                      )}
                    </label>
                    <div className="flex justify-end gap-1 px-2 pb-2">
                      <Button size="sm" variant="ghost" aria-label={`Edit ${concept.name}`} onClick={() => setEditing(index)}>
                        <Pencil className="size-3.5" aria-hidden /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${concept.name}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(index, { onError: failed })}
                      >
                        <Trash2 className="size-3.5" aria-hidden /> Remove
                      </Button>
                    </div>
                  </div>
                ),
              )}
            </div>
          </fieldset>
        )}
      </Card>

      <Card aria-labelledby={`${formId}-new`}>
        <h2 id={`${formId}-new`} className="text-lg font-semibold">
          Add a Concept
        </h2>
        <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${formId}-name`}>Concept name</Label>
            <Input
              id={`${formId}-name`}
              className="mt-1"
              value={form.name}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${formId}-name-error` : undefined}
              onChange={(event) => {
                setForm({ ...form, name: event.target.value });
                setNameError(null);
              }}
            />
            <FieldError id={`${formId}-name-error`}>{nameError}</FieldError>
          </div>
          <div>
            <Label htmlFor={`${formId}-score`}>Simplicity score (0–5)</Label>
            <select
              id={`${formId}-score`}
              value={form.simplicityScore}
              onChange={(event) => setForm({ ...form, simplicityScore: Number(event.target.value) })}
              className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
            >
              {SCORES.map((score) => (
                <option key={score} value={score}>
                  {score}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${formId}-action`}>Core action</Label>
            <Input
              id={`${formId}-action`}
              className="mt-1"
              value={form.coreAction}
              onChange={(event) => setForm({ ...form, coreAction: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${formId}-hook`}>Viral hook</Label>
            <Input
              id={`${formId}-hook`}
              className="mt-1"
              value={form.viralHook}
              onChange={(event) => setForm({ ...form, viralHook: event.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={propose.isPending}>
              <Plus className="size-4" aria-hidden />
              {propose.isPending ? 'Adding...' : 'Add Concept'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};
