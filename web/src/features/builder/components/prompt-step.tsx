import type { BuilderView } from '@vis/domain';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Flag, Loader2, RotateCcw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { generateEnhancedPrompt } from '../../../lib/ai/generate-enhanced-prompt.ts';
import { isOutOfFreePlays, useAiFailure } from '../../../lib/ai/use-ai-failure.ts';
import { projectQueryOptions } from '../../../lib/projects/get-project.ts';
import { useToast } from '../../../lib/toast.tsx';
import { defaultSummary } from '../view.ts';
import { AnalysisReport, OutdatedPromptNote, PromptActions, PromptText } from './prompt-actions.tsx';

const FAILED = 'Failed to generate enhanced prompt';

/**
 * Step 8 'Complete Prompt' (spec 02 §2.7, §8): Generate asks the AI for the enhanced prompt, which the server
 * puts into the builder as it answers with its analysis report; the prompt (or a summary of the choices) shows
 * below with Copy and Download, the report under it, and 'Finish and View Complete Viral Idea' finishes.
 */
export const PromptStep = ({
  projectId,
  projectName,
  builder,
  onFinish,
  finishing,
}: {
  projectId: string;
  projectName: string;
  builder: BuilderView;
  onFinish: () => void;
  finishing: boolean;
}) => {
  const queryClient = useQueryClient();
  const toast = useToast();
  const aiFailure = useAiFailure();
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const generate = async () => {
    setGenerating(true);
    setError(null);
    try {
      const answer = await generateEnhancedPrompt({ projectId });
      if (!answer.success || !answer.enhancedPrompt.trim()) throw new Error(answer.message || FAILED);
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
      toast({ title: 'Enhanced Prompt Generated', description: 'Your complete prompt is ready.', variant: 'success' });
    } catch (failure) {
      if (isOutOfFreePlays(failure)) {
        aiFailure(failure, FAILED, () => void generate());
        return;
      }
      const message = failure instanceof Error && failure.message ? failure.message : FAILED;
      setError(message);
      toast({ title: 'Generation Failed', description: message, variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  };

  const prompt = builder.enhancedPrompt.trim();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void generate()} disabled={generating}>
          {generating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
          {prompt ? 'Regenerate Enhanced Prompt' : 'Generate Enhanced Prompt'}
        </Button>
      </div>

      {generating && (
        <p role="status" className="flex items-center gap-2 text-sm text-indigo-700 dark:text-indigo-300">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Generating enhanced prompt with Gemini AI...
        </p>
      )}

      {error && !generating && (
        <div
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <h3 className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-4" aria-hidden />
            Error Generating Prompt
          </h3>
          <p className="mt-1 text-sm">{error}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void generate()}>
            <RotateCcw className="size-3.5" aria-hidden />
            Try Again
          </Button>
        </div>
      )}

      <section aria-labelledby="builder-prompt-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="builder-prompt-title" className="font-semibold">
            {prompt ? 'Enhanced Prompt' : 'Summary of Your Idea'}
          </h3>
          {prompt && <PromptActions prompt={prompt} projectName={projectName} />}
        </div>
        {prompt && builder.promptOutdated && (
          <OutdatedPromptNote>Your choices changed after this prompt was generated: Regenerate to include them.</OutdatedPromptNote>
        )}
        <PromptText text={prompt || defaultSummary(builder)} testId="builder-prompt" />
      </section>

      <AnalysisReport report={builder.analysisReport} />

      <Button variant="success" size="lg" className="w-full whitespace-normal sm:w-auto" onClick={onFinish} disabled={finishing}>
        <Flag className="size-4" aria-hidden />
        Finish and View Complete Viral Idea
      </Button>
    </div>
  );
};
