import * as Progress from '@radix-ui/react-progress';
import type { BuilderView, ProjectResponse } from '@vis/domain';
import { ArrowLeft, ArrowRight, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextConflict } from '../../../components/text-conflict.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage, errorTitle } from '../../../lib/api-client.ts';
import { useSetBuilderCoreIdea } from '../../../lib/projects/builder-set-core-idea.ts';
import { useSetBuilderViralMechanics } from '../../../lib/projects/builder-set-viral-mechanics.ts';
import { useCompleteBuilderStep } from '../../../lib/projects/builder-complete-step.ts';
import { useFinishBuilder } from '../../../lib/projects/builder-finish.ts';
import { useGoToBuilderStep } from '../../../lib/projects/builder-go-to-step.ts';
import { useReopenBuilder } from '../../../lib/projects/builder-reopen.ts';
import { useFlushSaves } from '../../../lib/save-status.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSavedText } from '../hooks/use-saved-text.ts';
import { PROMPT_STEP, STEP_COUNT, STEP_TEXTS } from '../steps.ts';
import { paramsOf } from '../view.ts';
import { BuilderParameterEditor } from './builder-parameter-editor.tsx';
import { CompletionView } from './completion-view.tsx';
import { PromptStep } from './prompt-step.tsx';
import { StepGrid } from './step-grid.tsx';
import { StepHelp } from './step-help.tsx';
import { WordLimitedText } from './word-limited-text.tsx';

/** Spec 02 §4, §9: the builder also saves every 30 seconds. */
export const BUILDER_AUTOSAVE_MS = 30_000;

const CoreIdeaFields = ({ projectId, builder, revision }: { projectId: string; builder: BuilderView; revision: number | null }) => {
  const toast = useToast();
  const saveFailed = (error: unknown) =>
    toast({ title: errorTitle(error) ?? 'Error', description: errorMessage(error, 'Failed to save project'), variant: 'destructive' });
  // Each save is a project command: the save indicator counts it, and the project refetches after it.
  const setCoreIdea = useSetBuilderCoreIdea(projectId);
  const setMechanics = useSetBuilderViralMechanics(projectId);
  const coreIdea = useSavedText(builder.coreIdea, revision, (text, base) => setCoreIdea.mutateAsync({ coreIdea: text, ...base }), saveFailed);
  const mechanics = useSavedText(
    builder.viralMechanics,
    revision,
    (text, base) => setMechanics.mutateAsync({ viralMechanics: text, ...base }),
    saveFailed,
  );
  const fields = [
    { label: 'Core Idea', text: coreIdea, maxWords: builder.limits.coreIdeaWords, placeholder: 'A one-page site where...' },
    { label: 'Viral Mechanics', text: mechanics, maxWords: builder.limits.viralMechanicsWords, placeholder: 'People share it because...' },
  ];
  return (
    <div className="space-y-4">
      {fields.map(({ label, text, maxWords, placeholder }) => (
        <div key={label}>
          <WordLimitedText
            label={label}
            value={text.value}
            maxWords={maxWords}
            placeholder={placeholder}
            onChange={text.change}
            onBlur={() => void text.flush()}
          />
          {text.conflict && (
            <TextConflict
              id={`${label.replace(/\s/g, '-').toLowerCase()}-conflict`}
              label={label}
              mine={text.conflict.mine}
              theirs={text.conflict.theirs}
              keepMine={() => void text.keepMine()}
              keepTheirs={text.keepTheirs}
            />
          )}
        </div>
      ))}
    </div>
  );
};

/**
 * The /game screen once its project is known (spec 02 §2.6, §2.7, §4): the nine-step builder, or the completion
 * view while the builder is finished. Every change is its own command; the project query refetches after each.
 */
export const BuilderScreen = ({ response, elapsedSeconds }: { response: ProjectResponse; elapsedSeconds: () => number }) => {
  const projectId = response.project.id;
  const builder = response.builder!;
  const toast = useToast();
  const flushSaves = useFlushSaves();
  const complete = useCompleteBuilderStep(projectId);
  const goTo = useGoToBuilderStep(projectId);
  const finish = useFinishBuilder(projectId);
  const reopen = useReopenBuilder(projectId);
  const [moving, setMoving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(builder.currentStep);

  useEffect(() => {
    const timer = setInterval(() => void flushSaves(), BUILDER_AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [flushSaves]);

  // A step change moves keyboard focus to the new step's heading, as a page change would.
  useEffect(() => {
    if (shownStep.current === builder.currentStep) return;
    shownStep.current = builder.currentStep;
    headingRef.current?.focus();
  }, [builder.currentStep]);

  const failed = (error: unknown, fallback: string) =>
    toast({ title: errorTitle(error) ?? 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

  const finishNow = async () => {
    await flushSaves();
    await finish.mutateAsync(elapsedSeconds());
    window.scrollTo({ top: 0 });
    toast({ title: 'Awesome job!', description: 'Your viral blueprint is complete.', variant: 'success' });
  };

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setMoving(true);
    try {
      await action();
    } catch (error) {
      failed(error, fallback);
    } finally {
      setMoving(false);
    }
  };

  const step = builder.currentStep;
  const onNext = () =>
    void run(async () => {
      await flushSaves();
      await complete.mutateAsync(step);
      if (step === STEP_COUNT) await finishNow();
    }, 'Could not complete the step');
  const onPrevious = () => void run(() => goTo.mutateAsync(step - 1), 'Could not go back');
  const onSelect = (target: number) => void run(() => goTo.mutateAsync(target), 'Could not open the step');
  const onFinish = () => void run(finishNow, 'Could not finish');

  if (builder.finished) {
    return (
      <CompletionView
        projectId={projectId}
        projectName={response.project.name}
        builder={builder}
        reopening={reopen.isPending}
        onReopen={() => reopen.mutate(undefined, { onError: (error) => failed(error, 'Could not reopen the editor') })}
      />
    );
  }

  const stepView = builder.steps.find((each) => each.step === step)!;
  const texts = STEP_TEXTS[step]!;
  const categories = builder.categories.filter((category) => stepView.categories.includes(category.category));
  const context = { coreIdea: builder.coreIdea, viralMechanics: builder.viralMechanics, technical: paramsOf(builder, 'technical') };
  const promptId = `builder-step-${step}-prompt`;

  return (
    <div className="space-y-5">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-indigo-700 uppercase dark:text-indigo-300">Viral Idea Builder</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{response.project.name}</h1>
      </div>

      <div>
        <div className="flex items-center justify-between text-sm">
          <p className="font-medium" aria-live="polite">
            Step {step} of {STEP_COUNT}
          </p>
          <p className="text-slate-600 tabular-nums dark:text-slate-300">{builder.percentComplete}% complete</p>
        </div>
        <Progress.Root
          value={builder.percentComplete}
          aria-label="Builder progress"
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <Progress.Indicator
            className="h-full bg-indigo-600 transition-transform duration-500 dark:bg-indigo-400"
            style={{ transform: `translateX(-${100 - builder.percentComplete}%)` }}
          />
        </Progress.Root>
      </div>

      <StepGrid steps={builder.steps} onSelect={onSelect} />

      <Card aria-labelledby="builder-step-title">
        <div className="flex items-start justify-between gap-2">
          <h2 id="builder-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {stepView.name}
          </h2>
          <StepHelp stepName={stepView.name} text={texts.help} />
        </div>
        <p id={promptId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {texts.prompt}
        </p>

        <div className="mt-4 space-y-4">
          {step === 1 && <CoreIdeaFields key={projectId} projectId={projectId} builder={builder} revision={response.revision} />}
          {step === PROMPT_STEP ? (
            <PromptStep
              projectId={projectId}
              projectName={response.project.name}
              builder={builder}
              onFinish={onFinish}
              finishing={moving || finish.isPending}
            />
          ) : (
            categories.map((category) => (
              <BuilderParameterEditor key={`${projectId}-${category.category}`} projectId={projectId} category={category} context={context} />
            ))
          )}
        </div>
      </Card>

      <nav aria-label="Step navigation" className="flex justify-between gap-3">
        <Button variant="secondary" disabled={step === 1 || moving} onClick={onPrevious}>
          <ArrowLeft className="size-4" aria-hidden />
          Previous Step
        </Button>
        <Button disabled={moving} onClick={onNext}>
          {step === STEP_COUNT ? (
            <>
              Complete <CheckCircle2 className="size-4" aria-hidden />
            </>
          ) : (
            <>
              Next Step <ArrowRight className="size-4" aria-hidden />
            </>
          )}
        </Button>
      </nav>
    </div>
  );
};
