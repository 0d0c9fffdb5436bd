import type { GuidedParameterList } from '@vis/domain';
import { GUIDED_PARAMETER_KINDS } from '@vis/domain/parameter-kinds';
import { exampleText, LIST_EXAMPLES } from '@vis/domain/starting-guidance';
import { Loader2, Plus, Sparkles, Trash2, Wand2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { busyClasses, Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useToast } from '../../../lib/toast.tsx';
import { saveFailedToast } from '../../../lib/save-failed.ts';
import { useGenerateParameters, type GenerateParametersInput } from '../../../lib/ai/generate-parameters.ts';
import { useAiFailure } from '../../../lib/ai/use-ai-failure.ts';
import { useAddParameter } from '../../../lib/projects/add-parameter.ts';
import { useClearParameters } from '../../../lib/projects/clear-parameters.ts';
import { useRemoveParameter } from '../../../lib/projects/remove-parameter.ts';
import { useOfferUndo } from '../../../lib/projects/use-offer-undo.ts';
import { focusWasLost } from '../../../lib/focus.ts';
import { projectQueryOptions } from '../../../lib/projects/get-project.ts';
import { cutToWords, LIST_DEFINITIONS, MIN_PARAMETER_LENGTH, wordCount } from '../../../lib/parameter-lists.ts';
import { ChipList } from '../../../components/chip-list.tsx';

export interface ParameterListEditorProps {
  projectId: string;
  list: GuidedParameterList;
  values: string[];
  /** What the generate call needs besides the list (spec 01 §7): the core idea on stage 1, `stageId: 2` on stage 2. */
  generateRequest: (fieldType: string, excludeParameters: string[]) => GenerateParametersInput;
}

const GENERATE_FAILED = 'Failed to generate parameters. Please try again.';

/**
 * One parameter list of a stage (spec 01 §2): Generate, Add More, Clear All, 'Add your own parameter' with Add
 * (Enter adds too), and removable chips. Every action is its own command.
 */
export const ParameterListEditor = ({ projectId, list, values, generateRequest }: ParameterListEditorProps) => {
  const definition = LIST_DEFINITIONS[list];
  // The server's cap (AddParameter refuses more): cut here first, so a person typing sees what is kept before sending.
  const { maxWords } = GUIDED_PARAMETER_KINDS[list];
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [generating, setGenerating] = useState<'generate' | 'more' | null>(null);
  const toast = useToast();
  const aiFailure = useAiFailure();
  const add = useAddParameter(projectId);
  const remove = useRemoveParameter(projectId);
  const clear = useClearParameters(projectId);
  const offerUndo = useOfferUndo(projectId);
  const [returning, setReturning] = useState<readonly string[] | null>(null);
  const queryClient = useQueryClient();
  const generate = useGenerateParameters();

  const words = wordCount(draft);
  const saveFailed = (error: unknown) => toast(saveFailedToast(error));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = cutToWords(draft, maxWords);
    if (value === '') return;
    if (value.length < MIN_PARAMETER_LENGTH) {
      toast({ title: 'Invalid parameter', description: 'Parameter must be at least 2 characters', variant: 'destructive' });
      return;
    }
    setDraft('');
    // Sent with the Add button (disabled now the field is empty), the focus goes back to the field, not to the page.
    inputRef.current?.focus();
    if (values.includes(value)) return;
    add.mutate(
      { list, value },
      {
        onError: (error) => {
          setDraft(value);
          toast(saveFailedToast(error));
        },
      },
    );
  };

  // Generated ideas join the list on the server, without duplicates (spec 01 §5), in the write that records them.
  const run = async (mode: 'generate' | 'more') => {
    if (generating !== null) return;
    setGenerating(mode);
    try {
      const answer = await generate.mutateAsync({ ...generateRequest(definition.fieldType, values), addToList: true });
      if (!answer.success) throw new Error(answer.message || GENERATE_FAILED);
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
    } catch (error) {
      aiFailure(error, GENERATE_FAILED, () => void run(mode));
    } finally {
      setGenerating(null);
    }
  };

  return (
    <Card aria-labelledby={titleId} className="flex flex-col">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {/* An h2: on stage 1 the lists come straight after the page's h1 (Lighthouse's heading order). */}
          <h2 id={titleId} className="font-semibold">
            {definition.title}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{definition.hint}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {/* aria-disabled, not disabled, while generating: a disabled button drops the keyboard's focus to the page. */}
          <Button size="sm" onClick={() => void run('generate')} aria-disabled={generating !== null || undefined} className={busyClasses}>
            {generating === 'generate' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Sparkles className="size-3.5" aria-hidden />}
            {generating === 'generate' ? 'Generating...' : 'Generate'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void run('more')}
            disabled={values.length === 0}
            aria-disabled={generating !== null || undefined}
            className={busyClasses}
          >
            {generating === 'more' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Wand2 className="size-3.5" aria-hidden />}
            {generating === 'more' ? 'Adding...' : 'Add More'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              const cleared = [...values];
              clear.mutate(
                { list },
                {
                  onError: saveFailed,
                  onSuccess: (answer) => {
                    // Clear All is disabled once the list is empty: the field is where the keyboard goes next.
                    if (focusWasLost()) inputRef.current?.focus();
                    offerUndo(`Cleared ${cleared.length} from ${definition.title}`, () => setReturning(cleared))(answer);
                  },
                },
              );
            }}
            disabled={values.length === 0 || clear.isPending}
            aria-label={`Clear All ${definition.title}`}
          >
            <Trash2 className="size-3.5" aria-hidden />
            Clear All
          </Button>
        </div>
      </div>

      <ChipList
        label={definition.title}
        values={values}
        empty="Nothing here yet"
        onRemove={(value) =>
          remove.mutate({ list, value }, { onError: saveFailed, onSuccess: offerUndo(`Removed '${value}'`, () => setReturning([value])) })
        }
        input={inputRef}
        returning={returning}
      />
      {/* Spec 01 §1: what a new project shows as an example, never as its data. */}
      {values.length === 0 && LIST_EXAMPLES[list] && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{exampleText(LIST_EXAMPLES[list])}</p>
      )}

      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add your own parameter to {definition.title}
        </label>
        <div className="relative min-w-0 flex-1">
          <Input
            ref={inputRef}
            id={inputId}
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add your own parameter"
            className="pr-14"
          />
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[11px] tabular-nums',
              words > maxWords ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {words}/{maxWords}
          </span>
        </div>
        <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
          <Plus className="size-4" aria-hidden />
          Add
        </Button>
      </form>
      {words > maxWords && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">Only the first {maxWords} words are kept.</p>}
    </Card>
  );
};
