import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { downloadText, fileStem } from '../../../lib/download.ts';
import { useToast } from '../../../lib/toast.tsx';

/** The enhanced prompt's file: the project name in lower case with dashes, as the other exports (spec 01 §7). */
export const enhancedPromptFileName = (projectName: string) => `${fileStem(projectName)}-enhanced-prompt.txt`;

/** Copy and Download for the enhanced prompt, on step 8 and on the completion view. */
export const PromptActions = ({ prompt, projectName }: { prompt: string; projectName: string }) => {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      toast({ title: 'Copied', description: 'The enhanced prompt is on your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Failed to copy prompt', variant: 'destructive' });
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        <Copy className="size-3.5" aria-hidden />
        Copy Prompt
      </Button>
      <Button variant="secondary" size="sm" onClick={() => downloadText(enhancedPromptFileName(projectName), prompt)}>
        <Download className="size-3.5" aria-hidden />
        Download Prompt
      </Button>
    </div>
  );
};

/** The enhanced prompt as a person reads it: its own line breaks, scrolling when long. */
export const PromptText = ({ text, testId }: { text: string; testId: string }) => (
  <p
    data-testid={testId}
    className="mt-2 max-h-96 overflow-y-auto text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200"
  >
    {text}
  </p>
);

/** Step 8's AI analysis report (spec 02 §2.7), shown when the AI wrote one. */
export const AnalysisReport = ({ report, className }: { report: string; className?: string }) =>
  report.trim() === '' ? null : (
    <section
      aria-labelledby="builder-analysis-title"
      className={cn('rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40', className)}
    >
      <h3 id="builder-analysis-title" className="font-semibold">
        AI Analysis Report
      </h3>
      <PromptText text={report} testId="builder-analysis" />
    </section>
  );

/** Said where the prompt shows when a choice changed after it was written: it does not say that choice yet. */
export const OutdatedPromptNote = ({ children }: { children: string }) => (
  <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
    {children}
  </p>
);
