import type { IncompatibleParameter } from '@vis/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText, Loader2, Save, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { generateTechnicalReport } from '../../lib/ai/generate-technical-report.ts';
import { useAiFailure } from '../../lib/ai/use-ai-failure.ts';
import { projectQueryOptions, stageOf } from '../../lib/projects/get-project.ts';
import { useRemoveAuditedParameter } from '../../lib/projects/remove-audited-parameter.ts';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { useCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { FinalPromptCard } from '../../features/summary/components/final-prompt-card.tsx';
import { FinalPromptDialog } from '../../features/summary/components/final-prompt-dialog.tsx';
import { IdeaDetailsCard } from '../../features/summary/components/idea-details-card.tsx';
import { MarkdownView } from '../../components/markdown-view.tsx';
import { reportToMarkdown } from '../../lib/report-markdown.ts';
import { errorMessage, errorTitle } from '../../lib/api-client.ts';
import { downloadText, fileStem } from '../../lib/download.ts';
import { useFlushSaves } from '../../lib/save-status.ts';
import { useToast } from '../../lib/toast.tsx';

/** Spec 01 §2 'Summary screen' (variant C) and §4 'Summary'. */
export const SummaryRoute = () => {
  const { projectId, resolving, resolveError, project } = useCurrentProject();
  const flushSaves = useFlushSaves();
  const toast = useToast();
  const aiFailure = useAiFailure();
  const queryClient = useQueryClient();
  const removeAudited = useRemoveAuditedParameter(projectId ?? '');
  const [dialog, setDialog] = useState<'prompt' | 'report' | null>(null);
  const [generating, setGenerating] = useState(false);
  const [busy, setBusy] = useState<'audit' | 'modify' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [findings, setFindings] = useState<IncompatibleParameter[] | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);

  if (resolveError || project.isError) return <DataMissing error={resolveError ?? project.error} />;
  if (resolving || !projectId || project.isPending) return <PageLoading />;
  const response = project.data;
  const { name } = response.project;
  const { finalPrompt, technicalReport } = stageOf(response, 6).data;
  const shownFindings = findings ?? technicalReport?.parameterAudit.incompatibleParameters ?? [];

  // The server put the prompt into the project when it answered: read it again, at the answer's position.
  const showSaved = () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });

  const save = async () => {
    await flushSaves();
    toast({ title: 'Saved', description: 'Your progress has been saved.', variant: 'success' });
  };

  const generatePrompt = async () => {
    setGenerating(true);
    try {
      const { report } = await generateTechnicalReport({ projectId, promptOnly: true });
      await showSaved();
      setFindings(report.parameterAudit?.incompatibleParameters ?? []);
      setRemoved([]);
      setDialog('prompt');
    } catch (error) {
      aiFailure(error, 'Failed to generate final prompt. Please try again.', () => void generatePrompt());
    } finally {
      setGenerating(false);
    }
  };

  const audit = async () => {
    setBusy('audit');
    try {
      const { report } = await generateTechnicalReport({ projectId, auditOnly: true });
      setFindings(report.parameterAudit?.incompatibleParameters ?? []);
    } catch (error) {
      aiFailure(error, 'Failed to audit parameters. Please try again.', () => void audit());
    } finally {
      setBusy(null);
    }
  };

  const remove = (parameter: string) => {
    setRemoving(parameter);
    removeAudited.mutate(parameter, {
      onSuccess: () => {
        setFindings(shownFindings.filter((finding) => finding.parameter !== parameter));
        setRemoved((current) => [...current, parameter]);
      },
      onError: (error) =>
        toast({
          title: errorTitle(error) ?? 'Error',
          description: errorMessage(error, 'Could not find parameter in the project'),
          variant: 'destructive',
        }),
      onSettled: () => setRemoving(null),
    });
  };

  // Generate Modified Prompt replaces the prompt and clears the audit list (spec 01 §4).
  const modify = async () => {
    setBusy('modify');
    try {
      await generateTechnicalReport({ projectId, existingPrompt: finalPrompt, removeParameters: removed });
      await showSaved();
      setFindings([]);
      setRemoved([]);
    } catch (error) {
      aiFailure(error, 'Failed to generate modified prompt. Please try again.', () => void modify());
    } finally {
      setBusy(null);
    }
  };

  const copy = async (text: string, what: 'prompt' | 'report') => {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: 'Copied',
        description: what === 'prompt' ? 'The final prompt is on your clipboard.' : 'The report is on your clipboard.',
        variant: 'success',
      });
    } catch {
      toast({ title: 'Copy Failed', description: what === 'prompt' ? 'Failed to copy prompt' : 'Failed to copy report', variant: 'destructive' });
    }
  };

  const reportMarkdown = technicalReport ? reportToMarkdown(name, technicalReport) : '';

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">Project Summary</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
          {response.project.coreIdea && <p className="mt-1 text-slate-600 dark:text-slate-300">{response.project.coreIdea}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void save()}>
            <Save className="size-4" aria-hidden /> Save Progress
          </Button>
          <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeft className="size-4" aria-hidden /> Back to Dashboard
          </Link>
          {technicalReport && (
            <Button variant="secondary" onClick={() => setDialog('report')}>
              <FileText className="size-4" aria-hidden /> View Full Technical Report
            </Button>
          )}
        </div>
      </header>

      <IdeaDetailsCard response={response} />

      <FinalPromptCard response={response}>
        <div className="flex flex-wrap gap-2">
          {finalPrompt && (
            <Button variant="secondary" onClick={() => setDialog('prompt')}>
              Show Prompt
            </Button>
          )}
          <Button onClick={() => void generatePrompt()} disabled={generating}>
            {generating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
            {generating ? 'Generating...' : 'Generate Final Prompt'}
          </Button>
        </div>
      </FinalPromptCard>

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === 'prompt' && (
          <FinalPromptDialog
            prompt={finalPrompt}
            findings={shownFindings}
            removed={removed}
            busy={busy}
            removing={removing}
            onCopy={() => void copy(finalPrompt, 'prompt')}
            onDownload={() => downloadText(`${fileStem(name)}_final_prompt.txt`, finalPrompt)}
            onAudit={() => void audit()}
            onRemove={remove}
            onModify={() => void modify()}
          />
        )}
        {dialog === 'report' && technicalReport && (
          <DialogContent title="Technical Report" className="max-w-3xl">
            {/* Shown as the Markdown it is (Copy and Download give the Markdown text). */}
            <div
              tabIndex={0}
              role="document"
              aria-label="Technical report"
              className="max-h-[60dvh] overflow-y-auto rounded-xl bg-slate-100 p-4 text-sm dark:bg-slate-950"
            >
              <MarkdownView markdown={reportMarkdown} />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void copy(reportMarkdown, 'report')}>
                Copy to Clipboard
              </Button>
              <Button variant="secondary" onClick={() => downloadText(`${fileStem(name)}-technical-report.md`, reportMarkdown, 'text/markdown')}>
                <Download className="size-4" aria-hidden /> Download Report
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
};
