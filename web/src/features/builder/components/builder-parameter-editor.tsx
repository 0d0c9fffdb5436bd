import type { BuilderCategoryView } from '@vis/domain';
import { Loader2, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { busyClasses, Button, focusRing } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { errorMessage, errorTitle } from '../../../lib/api-client.ts';
import { generateParameter } from '../../../lib/ai/generate-parameter.ts';
import { isOutOfFreePlays, rateLimitMessage, useAiFailure } from '../../../lib/ai/use-ai-failure.ts';
import { cn } from '../../../lib/cn.ts';
import { useAddBuilderParameter } from '../../../lib/projects/builder-add-parameter.ts';
import { useClearBuilderParameters } from '../../../lib/projects/builder-clear-parameters.ts';
import { useRemoveBuilderParameter } from '../../../lib/projects/builder-remove-parameter.ts';
import { useOfferUndo } from '../../../lib/projects/use-offer-undo.ts';
import { focusWasLost } from '../../../lib/focus.ts';
import { useToast } from '../../../lib/toast.tsx';
import { FALLBACK_SUGGESTIONS, FIRST_STEP } from '../steps.ts';
import { countWords, cutWords } from '../words.ts';
import { ChipList } from '../../../components/chip-list.tsx';

export interface BuilderParameterEditorProps {
  projectId: string;
  category: BuilderCategoryView;
  /** What the suggestions build on (spec 02 §7): the core idea, the viral mechanics and the technical framework. */
  context: { coreIdea: string; viralMechanics: string; technical: string[] };
}

/** Same words whatever their case or punctuation: the server's duplicate rule (spec 02 §5), to mark suggestions already chosen. */
const sameParameter = (a: string, b: string) => {
  const key = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return a === b || (key(a) !== '' && key(a) === key(b));
};

const NO_PARAMETERS = 'No parameters generated';

const isDuplicate = (error: unknown) => errorTitle(error) === 'Duplicate parameter';

/**
 * One builder category (spec 02 §2.7, §5): a field with Add, removable chips, 'No values set', Clear All, and
 * Generate / Regenerate Parameters with clickable suggestions (one pick closes them in single-selection mode). The server decides what is kept: blank input is
 * ignored, longer input cut to the category's word limit, duplicates not added; the editor says which happened.
 */
export const BuilderParameterEditor = ({ projectId, category, context }: BuilderParameterEditorProps) => {
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const noticeId = useId();
  const toast = useToast();
  const aiFailure = useAiFailure();
  const add = useAddBuilderParameter(projectId);
  const remove = useRemoveBuilderParameter(projectId);
  const clear = useClearBuilderParameters(projectId);
  const offerUndo = useOfferUndo(projectId);
  const [returning, setReturning] = useState<readonly string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const [generating, setGenerating] = useState(false);
  const [single, setSingle] = useState(false);
  const singleId = useId();
  const values = category.params;
  const saveFailed = (error: unknown) =>
    toast({ title: errorTitle(error) ?? 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' });

  const addValue = (typed: string, fromField: boolean) => {
    const trimmed = typed.trim();
    if (trimmed === '') return;
    const kept = cutWords(trimmed, category.maxWords);
    if (fromField) setDraft('');
    add.mutate(
      { category: category.category, value: trimmed },
      {
        onSuccess: (answer) => {
          if (!answer.changed) setNotice(`"${kept}" is already in ${category.title}.`);
          else if (kept !== trimmed) setNotice(`Only the first ${category.maxWords} words were kept: "${kept}".`);
          else setNotice(`Added "${kept}".`);
        },
        onError: (error) => {
          // The same words in another case or punctuation: the server refuses it (400 on `value`); said where the exact repeat is.
          if (isDuplicate(error)) return setNotice(`"${kept}" is already in ${category.title}.`);
          if (fromField) setDraft(typed);
          saveFailed(error);
        },
      },
    );
  };

  // Spec 02 §5: in single-selection mode a chosen suggestion is the answer, so the field and the list are cleared.
  const choose = (suggestion: string) => {
    addValue(suggestion, false);
    if (!single) return;
    setDraft('');
    setSuggestions(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addValue(draft, true);
    // Sent with the Add button (disabled now the field is empty), the focus goes back to the field, not to the page.
    inputRef.current?.focus();
  };

  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    try {
      const currentValues: Record<string, string | string[]> = {};
      if (context.coreIdea.trim()) currentValues.coreIdea = context.coreIdea.trim();
      if (context.viralMechanics.trim()) currentValues.viralTriggers = context.viralMechanics.trim();
      if (category.category !== 'technical' && context.technical.length > 0) currentValues.coreTech = context.technical;
      if (values.length > 0) currentValues[category.category] = values;
      const answer = await generateParameter({
        projectId,
        prompt: `Suggest ${category.title} parameters for this viral one-page idea.`,
        kind: category.kind,
        currentValues,
        exclude: values,
      });
      if (!answer.success || answer.results.length === 0) throw new Error(answer.message || NO_PARAMETERS);
      setSuggestions(answer.results);
    } catch (error) {
      if (isOutOfFreePlays(error)) {
        aiFailure(error, 'Failed to generate parameters', () => void generate());
      } else {
        // A refusal for too many requests says when to try again (and that signing in lifts a network's share):
        // that is what the person needs to read, not a hint to check an API key that is fine.
        const limited = rateLimitMessage(error);
        if (category.step === FIRST_STEP) {
          // Spec 02 §8: step 1 shows no suggestions on failure.
          setSuggestions([]);
          toast({ title: 'Generation failed', description: limited ?? 'Could not generate technical parameters', variant: 'destructive' });
        } else {
          setSuggestions(FALLBACK_SUGGESTIONS[category.step] ?? []);
          toast({
            title: 'AI Generation Failed',
            description: limited
              ? `${limited} Using fallback parameters instead.`
              : 'Using fallback parameters instead. Check your API key in settings.',
            variant: 'destructive',
          });
        }
      }
    } finally {
      setGenerating(false);
    }
  };

  const words = countWords(draft);
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {category.title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {/* aria-disabled, not disabled, while generating: a disabled button drops the keyboard's focus to the page. */}
          <Button size="sm" onClick={() => void generate()} aria-disabled={generating || undefined} className={busyClasses}>
            {generating ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Sparkles className="size-3.5" aria-hidden />}
            {generating ? 'Generating...' : suggestions === null ? 'Generate Parameters' : 'Regenerate Parameters'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              const cleared = [...values];
              clear.mutate(
                { category: category.category },
                {
                  onError: saveFailed,
                  onSuccess: (answer) => {
                    setNotice('');
                    // Clear All is disabled once the category is empty: the field is where the keyboard goes next.
                    if (focusWasLost()) inputRef.current?.focus();
                    offerUndo(`Cleared ${cleared.length} from ${category.title}`, () => setReturning(cleared))(answer);
                  },
                },
              );
            }}
            disabled={values.length === 0 || clear.isPending}
            aria-label={`Clear All ${category.title}`}
          >
            <Trash2 className="size-3.5" aria-hidden />
            Clear All
          </Button>
        </div>
      </div>

      <ChipList
        label={category.title}
        values={values}
        empty="No values set"
        onRemove={(value) =>
          remove.mutate(
            { category: category.category, value },
            { onError: saveFailed, onSuccess: offerUndo(`Removed '${value}'`, () => setReturning([value])) },
          )
        }
        input={inputRef}
        returning={returning}
      />

      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add a value to {category.title}
        </label>
        <div className="relative min-w-0 flex-1">
          <Input
            ref={inputRef}
            id={inputId}
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add a value"
            aria-describedby={noticeId}
            className="pr-14"
          />
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[11px] tabular-nums',
              words > category.maxWords ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {words}/{category.maxWords}
          </span>
        </div>
        <Button type="submit" variant="secondary" disabled={draft.trim() === '' || add.isPending}>
          <Plus className="size-4" aria-hidden />
          Add
        </Button>
      </form>
      <p id={noticeId} role="status" className="mt-1 min-h-4 text-xs text-slate-600 dark:text-slate-300">
        {notice}
      </p>

      {suggestions !== null && (
        <div className="mt-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-medium text-slate-700 dark:text-slate-200">Suggestions</h4>
            <label htmlFor={singleId} className="inline-flex cursor-pointer items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
              <input
                id={singleId}
                type="checkbox"
                checked={single}
                onChange={(event) => setSingle(event.target.checked)}
                className="size-4 accent-indigo-600"
              />
              Single selection
            </label>
          </div>
          {suggestions.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No suggestions this time. Try again or add your own.</p>
          ) : (
            <ul aria-label={`${category.title} suggestions`} className="mt-2 flex flex-wrap gap-2">
              {suggestions.map((suggestion) => {
                const chosen = values.some((value) => sameParameter(value, cutWords(suggestion, category.maxWords)));
                return (
                  <li key={suggestion}>
                    <button
                      type="button"
                      disabled={chosen}
                      onClick={() => choose(suggestion)}
                      className={cn(
                        'inline-flex min-h-8 items-center gap-1 rounded-full border px-3 py-1 text-left text-sm transition-colors',
                        chosen
                          ? 'cursor-not-allowed border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
                          : 'border-indigo-300 bg-white text-indigo-800 hover:bg-indigo-50 dark:border-indigo-700 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-slate-800',
                        focusRing,
                      )}
                    >
                      {chosen ? null : <Plus className="size-3.5 shrink-0" aria-hidden />}
                      {suggestion}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
};
