import type { BuilderView } from '@vis/domain';
import { ArrowLeft, CheckCircle2, PlusCircle, Store, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PublishDialog } from '../../../components/publish-dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { formatElapsed } from '../words.ts';
import { paramsOf } from '../view.ts';
import { AnalysisReport, OutdatedPromptNote, PromptActions, PromptText } from './prompt-actions.tsx';

const NOT_SPECIFIED = 'Not specified';

const Summary = ({ title, rows }: { title: string; rows: { label?: string; value: string }[] }) => (
  <Card className="min-w-0">
    <h2 className="text-base font-semibold">{title}</h2>
    <dl className="mt-2 space-y-2 text-sm">
      {rows.map((row, index) => (
        <div key={row.label ?? index}>
          {row.label ? (
            <dt className="text-xs font-semibold text-slate-600 dark:text-slate-400">{row.label}</dt>
          ) : (
            <dt className="sr-only">{title}</dt>
          )}
          <dd className="break-words text-slate-800 dark:text-slate-100">{row.value.trim() || NOT_SPECIFIED}</dd>
        </div>
      ))}
    </dl>
  </Card>
);

/**
 * The completion view (spec 02 §2.6), shown while the builder is finished: the time taken, the three summaries,
 * the enhanced prompt with Copy and Download and the analysis report, and Back to Editor, Publish to Marketplace, Browse Marketplace and Create Another Idea.
 */
export const CompletionView = ({
  projectId,
  projectName,
  builder,
  onReopen,
  reopening,
}: {
  projectId: string;
  projectName: string;
  builder: BuilderView;
  onReopen: () => void;
  reopening: boolean;
}) => {
  const toast = useToast();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [published, setPublished] = useState(false);

  // The dialog shows any refusal with the server's reason; success leaves for the new idea (spec 02 §4).
  const onPublished = (id: string) => {
    setDialogOpen(false);
    setPublished(true);
    toast({ title: 'Published Successfully!', description: 'Your idea is now available in the marketplace', variant: 'success' });
    void navigate(`/marketplace/${encodeURIComponent(id)}`);
  };

  const finished = builder.finished!;
  const prompt = builder.enhancedPrompt.trim();
  return (
    <div className="space-y-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Viral Blueprint Complete!</h1>
        <p className="mt-1 break-words text-slate-600 dark:text-slate-300">{projectName}</p>
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-slate-100 px-4 py-1.5 text-sm dark:bg-slate-800">
          Time taken:{' '}
          <span data-testid="time-taken" className="font-semibold tabular-nums">
            {formatElapsed(finished.timeSpentSeconds)}
          </span>
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Summary
          title="Viral Triggers"
          rows={[
            { label: 'Core idea', value: builder.coreIdea },
            { label: 'Viral mechanics', value: builder.viralMechanics },
          ]}
        />
        <Summary title="Core Technology" rows={[{ value: paramsOf(builder, 'technical').join(', ') }]} />
        <Summary title="Sustainability" rows={[{ value: paramsOf(builder, 'sustainability').join(', ') }]} />
      </div>

      <Card className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">Enhanced Prompt</h2>
          {prompt && <PromptActions prompt={prompt} projectName={projectName} />}
        </div>
        {prompt && builder.promptOutdated && (
          <OutdatedPromptNote>
            Some choices changed after this prompt was generated: choose Back to Editor, then Regenerate on step 8 to include them.
          </OutdatedPromptNote>
        )}
        {prompt ? (
          <PromptText text={prompt} testId="completion-prompt" />
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            No enhanced prompt yet: choose Back to Editor and generate it on step 8, Complete Prompt.
          </p>
        )}
      </Card>

      <AnalysisReport report={builder.analysisReport} className="rounded-2xl sm:p-5" />

      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={onReopen} disabled={reopening}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Editor
        </Button>
        <Button onClick={() => setDialogOpen(true)} disabled={published}>
          <Upload className="size-4" aria-hidden />
          {published ? 'Published!' : 'Publish to Marketplace'}
        </Button>
        <PublishDialog projectId={projectId} open={dialogOpen} onOpenChange={setDialogOpen} onPublished={onPublished} />
        <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
          <Store className="size-4" aria-hidden />
          Browse Marketplace
        </Link>
        <Link to="/new-game" className={buttonClasses({ variant: 'secondary' })}>
          <PlusCircle className="size-4" aria-hidden />
          Create Another Idea
        </Link>
      </div>
    </div>
  );
};
