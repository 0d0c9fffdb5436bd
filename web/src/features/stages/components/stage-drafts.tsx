import type { DraftChoice, DraftProposal } from '@vis/domain';
import { Loader2, Sparkles, Wand2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDraftStage } from '../../../lib/ai/draft-stage.ts';
import { useAiFailure } from '../../../lib/ai/use-ai-failure.ts';
import { useResolveDraftProposal } from '../../../lib/projects/resolve-draft-proposal.ts';
import { FLOW_STAGES } from '../../../lib/flow/flow.ts';
import { useToast } from '../../../lib/toast.tsx';
import { NoteField, type NoteFieldProps } from './note-field.tsx';

const DRAFT_FAILED = 'Failed to process stage';

/** The fields the AI's mechanics and refinement stages write (the domain's flow stages' extraction fields): they have Suggest. */
const SUGGESTED_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(FLOW_STAGES.mechanics.extractionFields),
  ...Object.keys(FLOW_STAGES.refinement.extractionFields),
]);

/** The proposals a stage's read model holds (its `aiSuggestions`): what waits for Keep, Replace or Append. */
export const proposalsOf = (suggestions: readonly unknown[]): DraftProposal[] =>
  suggestions.filter(
    (item): item is DraftProposal =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as DraftProposal).field === 'string' &&
      typeof (item as DraftProposal).text === 'string',
  );

/** The stage's Generate: the whole stage drafted by the AI; empty fields are filled, the others get a proposal. */
export const DraftStageButton = ({ projectId, stage, label, hint }: { projectId: string; stage: 3 | 4 | 5; label: string; hint: string }) => {
  const draft = useDraftStage(projectId);
  const aiFailure = useAiFailure();
  const start = () => draft.mutate({ stage }, { onError: (error) => aiFailure(error, DRAFT_FAILED, start) });
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-indigo-500/30 dark:bg-indigo-500/10">
      <p className="text-sm text-slate-700 dark:text-slate-200">{hint}</p>
      <Button className="shrink-0" disabled={draft.isPending} onClick={start}>
        {draft.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wand2 className="size-4" aria-hidden />}
        {draft.isPending ? 'Generating...' : label}
      </Button>
    </div>
  );
};

/** A proposal beside the person's text: nothing changes until they choose. */
const ProposalBox = ({ projectId, label, proposal }: { projectId: string; label: string; proposal: DraftProposal }) => {
  const resolve = useResolveDraftProposal(projectId);
  const toast = useToast();
  const choose = (choice: DraftChoice) =>
    resolve.mutate(
      { requestId: proposal.requestId, field: proposal.field, choice },
      { onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' }) },
    );
  return (
    <div
      role="group"
      aria-label={`AI suggestion for ${label}`}
      className="mt-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-800 dark:text-amber-200">
        <Sparkles className="size-3.5" aria-hidden /> AI suggestion
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-800 dark:text-slate-100">{proposal.text}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={resolve.isPending} onClick={() => choose('keep')}>
          Keep mine
        </Button>
        <Button size="sm" disabled={resolve.isPending} onClick={() => choose('replace')}>
          Replace
        </Button>
        <Button size="sm" variant="secondary" disabled={resolve.isPending} onClick={() => choose('append')}>
          Append
        </Button>
      </div>
    </div>
  );
};

/**
 * A stage text the AI can help with: Suggest asks for this field only. An empty field takes the suggestion; a
 * field with text shows it beside, for Keep, Replace or Append, so what the person typed is never overwritten.
 */
export const DraftableNoteField = ({
  projectId,
  stage,
  field,
  proposal,
  extra,
  ...note
}: NoteFieldProps & { projectId: string; stage: 4 | 5; field: string; proposal?: DraftProposal; extra?: ReactNode }) => {
  const draft = useDraftStage(projectId);
  const aiFailure = useAiFailure();
  const [asked, setAsked] = useState(false);
  const suggest = () => {
    setAsked(true);
    draft.mutate({ stage, field }, { onError: (error) => aiFailure(error, DRAFT_FAILED, suggest), onSettled: () => setAsked(false) });
  };
  return (
    <div>
      <div className="relative">
        <NoteField {...note} />
        {SUGGESTED_FIELDS.has(field) && (
          <Button
            size="sm"
            variant="ghost"
            className="absolute -top-1.5 right-0 h-7 px-2 text-indigo-700 dark:text-indigo-300"
            aria-label={`Suggest ${note.label}`}
            disabled={draft.isPending}
            onClick={suggest}
          >
            {draft.isPending && asked ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Sparkles className="size-3.5" aria-hidden />}
            {draft.isPending && asked ? 'Suggesting...' : 'Suggest'}
          </Button>
        )}
      </div>
      {proposal && <ProposalBox projectId={projectId} label={note.label} proposal={proposal} />}
      {extra}
    </div>
  );
};

/** Values of an earlier stage offered as chips: a click adds the value to the field's text. */
export const CarryOverChips = ({
  label,
  values,
  current,
  insert,
}: {
  label: string;
  values: string[];
  current: string;
  insert: (value: string) => void;
}) => {
  const offered = values.filter((value) => !current.includes(value));
  if (offered.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <ul aria-label={label} className="mt-1 flex flex-wrap gap-1.5">
        {offered.map((value) => (
          <li key={value}>
            <button
              type="button"
              onClick={() => insert(value)}
              aria-label={`Insert ${value}`}
              className="rounded-full border border-indigo-200 bg-white px-2.5 py-0.5 text-xs text-indigo-800 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-indigo-500/40 dark:bg-slate-900 dark:text-indigo-200"
            >
              + {value}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};
