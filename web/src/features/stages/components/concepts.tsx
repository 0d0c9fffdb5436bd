import type { IdeaConcept } from '@vis/domain';
import { Lightbulb, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useProposeConcepts } from '../../../lib/projects/propose-concepts.ts';
import { useSelectConcept } from '../../../lib/projects/select-concept.ts';

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

/** Stage 3 (variant C): idea concepts with a simplicity score, one of them selected. */
export const Concepts = ({ projectId, concepts, selectedIndex }: { projectId: string; concepts: IdeaConcept[]; selectedIndex: number | null }) => {
  const formId = useId();
  const [form, setForm] = useState({ name: '', simplicityScore: 3, coreAction: '', viralHook: '' });
  const [nameError, setNameError] = useState<string | null>(null);
  const propose = useProposeConcepts(projectId);
  const select = useSelectConcept(projectId);
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
      setNameError('A concept with this name already exists');
      return;
    }
    propose.mutate(
      [{ name: form.name.trim(), simplicityScore: form.simplicityScore, coreAction: form.coreAction.trim(), viralHook: form.viralHook.trim() }],
      { onSuccess: () => setForm({ name: '', simplicityScore: 3, coreAction: '', viralHook: '' }), onError: failed },
    );
  };

  return (
    <div className="space-y-6">
      <Card aria-labelledby={`${formId}-list`}>
        <h2 id={`${formId}-list`} className="flex items-center gap-2 text-lg font-semibold">
          <Lightbulb className="size-5 text-amber-500" aria-hidden /> Idea Concepts
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Pick the concept you want to take forward.</p>
        {concepts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 italic dark:text-slate-400">No concepts yet: add your first one below.</p>
        ) : (
          <fieldset className="mt-3">
            <legend className="sr-only">Selected concept</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {concepts.map((concept, index) => (
                <label
                  key={concept.name}
                  className="cursor-pointer rounded-xl border border-slate-200 p-3 transition-colors has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-700 dark:has-checked:bg-indigo-500/15"
                >
                  <span className="flex items-start gap-2">
                    <input
                      type="radio"
                      name={`${formId}-selected`}
                      className="mt-1 accent-indigo-600"
                      checked={shownIndex === index}
                      onChange={() => choose(index)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold">{concept.name}</span>
                      <SimplicityScore score={concept.simplicityScore} />
                      {concept.coreAction && (
                        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">Core action: {concept.coreAction}</span>
                      )}
                      {concept.viralHook && <span className="block text-sm text-slate-600 dark:text-slate-300">Viral hook: {concept.viralHook}</span>}
                    </span>
                    {shownIndex === index && (
                      <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-[11px] font-semibold text-white">Selected</span>
                    )}
                  </span>
                </label>
              ))}
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
