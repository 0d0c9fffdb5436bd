import * as Collapsible from '@radix-ui/react-collapsible';
import * as Progress from '@radix-ui/react-progress';
import * as Tabs from '@radix-ui/react-tabs';
import type { FlowStageId } from '@vis/domain';
import { ArrowLeft, ArrowRight, CheckCircle2, ChevronDown, Circle, Clock, Lock, MessageCircleQuestion, Sparkles, Wand2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input, Label, Textarea } from '../../components/ui/field.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { generatePromptSequence } from '../../lib/ai/generate-prompt-sequence.ts';
import { processIdeaStage } from '../../lib/ai/process-idea-stage.ts';
import { processQuery, type ProcessQueryResponse } from '../../lib/ai/process-query.ts';
import { quickGenerateIdea, type QuickStartTarget } from '../../lib/ai/quick-generate-idea.ts';
import { useAiFailure } from '../../lib/ai/use-ai-failure.ts';
import { AddParameterDialog } from '../../features/generator/components/add-parameter-dialog.tsx';
import { QuickStartDialog } from '../../features/generator/components/quick-start-dialog.tsx';
import { canEnterFlowStage, fieldLabel, FLOW_STAGE_IDS, FLOW_STAGES, flowStageValues, isFlowStageDone } from '../../lib/flow/flow.ts';
import { projectQueryOptions } from '../../lib/projects/get-project.ts';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { rememberCurrentProject, useCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { useAiProcess } from '../../lib/ai-process.ts';
import { cn } from '../../lib/cn.ts';
import { useFlushSaves } from '../../lib/save-status.ts';
import { useToast } from '../../lib/toast.tsx';

/** Spec 01 §9. */
const QUICK_MODE_ADVANCE_MS = 1500;
const FLOW_AUTOSAVE_MS = 30_000;
const STATUS_TEXT: Record<string, string> = { processing: 'Processing...', analyzing: 'Analyzing...', saving: 'Saving...', complete: 'Complete' };

const showValue = (value: unknown) => {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : ((item as { name?: string }).name ?? ''))).join(', ');
  return typeof value === 'string' ? value : '';
};

/** /generator: the idea generation flow (spec 01 §2, §4 'Idea generation flow'). */
export const GeneratorRoute = () => {
  const { projectId, resolving, resolveError, project } = useCurrentProject();
  const navigate = useNavigate();
  const toast = useToast();
  const aiFailure = useAiFailure();
  const aiProcess = useAiProcess();
  const flushSaves = useFlushSaves();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<FlowStageId | null>(null);
  const [prompts, setPrompts] = useState<Partial<Record<FlowStageId, string>>>({});
  const [focusOn, setFocusOn] = useState('');
  const [iterations, setIterations] = useState(1);
  const [quick, setQuick] = useState(false);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  /** The stage whose last Generate was answered from the stored answer (no play used). */
  const [reused, setReused] = useState<FlowStageId | null>(null);
  const [tailoring, setTailoring] = useState(false);
  const [tailored, setTailored] = useState<Partial<Record<FlowStageId, boolean>>>({});
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [answers, setAnswers] = useState<Partial<Record<FlowStageId, ProcessQueryResponse>>>({});
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Spec 01 §4: the flow screen also saves every 30 seconds.
  useEffect(() => {
    const timer = setInterval(() => void flushSaves(), FLOW_AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [flushSaves]);
  useEffect(() => () => void (advanceTimer.current && clearTimeout(advanceTimer.current)), []);

  if (resolveError || project.isError) return <DataMissing error={resolveError ?? project.error} />;
  if (resolving || !projectId || project.isPending) return <PageLoading />;
  const response = project.data;
  const reachable = FLOW_STAGE_IDS.filter((id) => canEnterFlowStage(id, response));
  const fromProject = FLOW_STAGE_IDS.find((id) => FLOW_STAGES[id].stageNumber === response.project.currentStageIndex);
  const current: FlowStageId = active ?? (fromProject && canEnterFlowStage(fromProject, response) ? fromProject : (reachable[0] ?? 'research'));
  const stage = FLOW_STAGES[current];
  const index = FLOW_STAGE_IDS.indexOf(current);
  const prompt = prompts[current] ?? stage.defaultPrompt;
  const values = flowStageValues(stage, response);

  // Back is always allowed; forward only into a stage whose dependencies are done ('Cannot proceed').
  const go = (id: FlowStageId) => {
    if (FLOW_STAGE_IDS.indexOf(id) > index && !canEnterFlowStage(id, response)) {
      toast({ title: 'Cannot proceed', description: 'Complete the current stage first.', variant: 'destructive' });
      return;
    }
    setActive(id);
    setReused(null);
    aiProcess.reset();
    // The tabs do not move the project's current stage: the stage screens' routes do (spec 02 §2.1).
  };

  const generate = async () => {
    if (!prompt.trim()) {
      toast({ title: 'Empty prompt', description: 'Please enter a prompt to generate ideas.', variant: 'destructive' });
      return;
    }
    setRunning(true);
    setReused(null);
    aiProcess.reset();
    try {
      // The server answers a question it has answered for this project before (same stage, prompt, options and
      // project) from its stored answer, free, on any device, and puts the results into the project either way.
      const { cached } = await processIdeaStage(
        { projectId, stage: current, prompt, options: { focusOn: focusOn || undefined, iterations, quick } },
        aiProcess.headers,
      );
      if (cached) {
        setReused(current);
        toast({
          title: 'Cached results',
          description: 'The same question was answered before: cached — no play used. Clear it in Settings to ask again.',
        });
      }
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
      const next = FLOW_STAGE_IDS[index + 1];
      if (quick && next) {
        advanceTimer.current = setTimeout(() => setActive(next), QUICK_MODE_ADVANCE_MS);
      }
    } catch (error) {
      aiFailure(error, 'Error generating ideas', () => void generate());
    } finally {
      setRunning(false);
    }
  };

  // Spec 01 §7 generate-prompt-sequence: a prompt tailored to this project, asked for on request (it costs a play).
  // A failure falls back silently to the stage's default prompt (spec 01 §8).
  const tailor = async () => {
    setTailoring(true);
    try {
      const tailoredPrompts = await generatePromptSequence(
        { projectId, stage: current, input: response.project.coreIdea || response.project.name },
        aiProcess.headers,
      );
      setPrompts({ ...prompts, [current]: tailoredPrompts ? tailoredPrompts.join('\n') : stage.defaultPrompt });
      setTailored({ ...tailored, [current]: tailoredPrompts !== null });
    } catch (error) {
      aiFailure(error, 'Failed to generate prompt sequence', () => void tailor());
    } finally {
      setTailoring(false);
    }
  };

  // Spec 01 §7 process-query: a question about this stage; its failures are logged only (spec 01 §8).
  const ask = async () => {
    if (!question.trim()) return;
    setAsking(true);
    try {
      const answer = await processQuery({ projectId, stage: current, query: question.trim() }, aiProcess.headers);
      if (answer) setAnswers({ ...answers, [current]: answer });
    } catch (error) {
      aiFailure(error, 'Failed to process query', () => void ask());
    } finally {
      setAsking(false);
    }
  };

  // The server puts the idea into this project or a new one in the same request; the screen only reads it.
  const quickStart = async (coreIdea: string, target: QuickStartTarget) => {
    setStarting(true);
    try {
      const { parameters } = response.project;
      const asked = target === 'fill' ? { target, projectId, coreIdea, parameters } : { target, coreIdea, parameters };
      const { projectData, projectId: filled } = await quickGenerateIdea(asked, aiProcess.headers);
      setActive(null);
      if (target === 'new') {
        rememberCurrentProject(filled);
        toast({ title: 'Idea generated', description: `"${projectData.name}" is your current project now.`, variant: 'success' });
      } else {
        await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
        toast({ title: 'Idea generated', description: 'The empty parts of this project are filled in.', variant: 'success' });
      }
      return true;
    } catch (error) {
      aiFailure(error, 'Error generating idea', () => void quickStart(coreIdea, target));
      return false;
    } finally {
      setStarting(false);
    }
  };

  const progress = aiProcess.progress;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">Idea Generator</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{response.project.name}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <QuickStartDialog busy={starting} onStart={quickStart} />
          <AddParameterDialog projectId={projectId} parameters={response.project.parameters} />
        </div>
      </header>

      <Tabs.Root value={current} onValueChange={(value) => go(value as FlowStageId)} activationMode="manual">
        {/* Six stages in a grid on phones (all visible, none scrolled off), one row from the tablet up. */}
        <Tabs.List aria-label="Flow stages" className="grid grid-cols-2 gap-2 pb-1 min-[480px]:grid-cols-3 lg:flex lg:flex-wrap">
          {FLOW_STAGE_IDS.map((id) => {
            const done = isFlowStageDone(id, response);
            const locked = !canEnterFlowStage(id, response);
            const Icon = locked ? Lock : done ? CheckCircle2 : Circle;
            return (
              <Tabs.Trigger
                key={id}
                value={id}
                disabled={locked}
                data-done={done}
                aria-label={`${FLOW_STAGES[id].title}${done ? ', done' : locked ? ', locked' : ''}`}
                className={cn(
                  'flex min-w-0 shrink-0 items-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium transition-colors',
                  'data-[state=active]:border-indigo-500 data-[state=active]:bg-indigo-50 data-[state=active]:text-indigo-700 dark:data-[state=active]:bg-indigo-500/15 dark:data-[state=active]:text-indigo-200',
                  done
                    ? 'border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-200'
                    : 'border-slate-200 dark:border-slate-700',
                  'disabled:cursor-not-allowed disabled:opacity-50',
                  focusRing,
                )}
              >
                <Icon className={cn('size-4', done && 'text-emerald-600 dark:text-emerald-400')} aria-hidden />
                {FLOW_STAGES[id].title}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>

        <Tabs.Content value={current} className="mt-4 space-y-4 focus-visible:outline-none">
          <Card>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 className="text-lg font-semibold">
                  {stage.title}
                  {!stage.required && (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                      optional
                    </span>
                  )}
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-300">{stage.description}</p>
              </div>
              <span className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                <Clock className="size-3.5" aria-hidden /> about {stage.estimatedSeconds} s
              </span>
            </div>
            {stage.dependencies.length > 0 && (
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                Builds on: {stage.dependencies.map((dependency) => FLOW_STAGES[dependency].title).join(', ')}
              </p>
            )}

            <div className="mt-4">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <Label htmlFor="flow-prompt">Prompt</Label>
                <Button variant="ghost" size="sm" onClick={() => void tailor()} disabled={tailoring || running}>
                  <Wand2 className="size-4" aria-hidden />
                  {tailoring ? 'Tailoring...' : 'Tailor prompt'}
                  <span className="text-xs font-normal text-slate-500 dark:text-slate-400">· 1 play</span>
                </Button>
              </div>
              <Textarea
                id="flow-prompt"
                className="mt-1"
                value={prompt}
                onChange={(event) => setPrompts({ ...prompts, [current]: event.target.value })}
              />
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {tailored[current] ? 'Tailored to this project by the AI. ' : 'The stage’s default prompt, or your own. '}
                Generate, Tailor prompt and Ask each use one AI play or point; asking the same again is free.
              </p>
            </div>

            <Collapsible.Root className="mt-3">
              <Collapsible.Trigger
                className={cn('group flex items-center gap-1 rounded text-sm font-medium text-indigo-600 dark:text-indigo-400', focusRing)}
              >
                Advanced Options <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
              </Collapsible.Trigger>
              <Collapsible.Content className="mt-3 grid gap-3 sm:grid-cols-2">
                <div>
                  <Label htmlFor="flow-focus">Focus on</Label>
                  <Input
                    id="flow-focus"
                    className="mt-1"
                    value={focusOn}
                    onChange={(event) => setFocusOn(event.target.value)}
                    placeholder="e.g. students, mobile"
                  />
                </div>
                <div>
                  <Label htmlFor="flow-iterations">Iterations (1–5)</Label>
                  <Input
                    id="flow-iterations"
                    className="mt-1"
                    type="number"
                    min={1}
                    max={5}
                    value={iterations}
                    onChange={(event) => setIterations(Math.min(5, Math.max(1, Math.round(Number(event.target.value) || 1))))}
                  />
                </div>
              </Collapsible.Content>
            </Collapsible.Root>

            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <div className="w-56">
                <SwitchField label="Quick mode" description="Move on by itself after each stage." checked={quick} onCheckedChange={setQuick} />
              </div>
              <Button onClick={() => void generate()} disabled={running}>
                <Sparkles className="size-4" aria-hidden />
                {running ? 'Generating...' : 'Generate'}
              </Button>
            </div>
            {reused === current && !running && (
              <p
                role="status"
                className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200"
              >
                Same question as before: the stored answer was used (cached — no play used).
              </p>
            )}

            {(running || progress) && (
              <div className="mt-4" role="status" aria-live="polite">
                <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300">
                  <span>{progress ? (STATUS_TEXT[progress.status] ?? progress.content) : 'Starting...'}</span>
                  <span className="tabular-nums">{progress?.percent ?? 0}%</span>
                </div>
                <Progress.Root
                  value={progress?.percent ?? 0}
                  aria-label="Generation progress"
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <Progress.Indicator
                    className="h-full bg-indigo-500 transition-transform duration-300"
                    style={{ transform: `translateX(-${100 - (progress?.percent ?? 0)}%)` }}
                  />
                </Progress.Root>
              </div>
            )}
          </Card>

          <Card aria-labelledby="flow-ask-title">
            <h3 id="flow-ask-title" className="flex items-center gap-2 font-semibold">
              <MessageCircleQuestion className="size-4 text-indigo-500" aria-hidden /> Ask about this stage
            </h3>
            <form
              className="mt-2 flex flex-col gap-2 sm:flex-row"
              onSubmit={(event) => {
                event.preventDefault();
                void ask();
              }}
            >
              <Input
                aria-label="Question"
                className="min-w-0 flex-1"
                value={question}
                onChange={(event) => setQuestion(event.target.value)}
                placeholder={`e.g. What would make the ${stage.title.toLowerCase()} stronger?`}
              />
              <Button type="submit" variant="secondary" disabled={asking || !question.trim()}>
                {asking ? 'Asking...' : 'Ask'} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">· 1 play</span>
              </Button>
            </form>
            {answers[current] && (
              <div aria-label="Answer" className="mt-3 space-y-2 text-sm">
                <p className="break-words">{answers[current].response}</p>
                {answers[current].suggestions.length > 0 && (
                  <ul className="list-disc space-y-1 pl-5">
                    {answers[current].suggestions.map((suggestion) => (
                      <li key={suggestion} className="break-words">
                        {suggestion}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </Card>

          <Card aria-label="Results">
            <h3 className="font-semibold">Results</h3>
            <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              {Object.entries(values).map(([field, value]) => (
                <div key={field} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
                  <dt className="text-xs font-semibold text-slate-500 dark:text-slate-400">{fieldLabel(field)}</dt>
                  <dd className="mt-0.5 break-words">
                    {showValue(value) || <span className="text-slate-600 italic dark:text-slate-400">nothing yet</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>

          <div className="flex justify-between gap-3">
            <Button variant="secondary" disabled={index === 0} onClick={() => go(FLOW_STAGE_IDS[index - 1]!)}>
              <ArrowLeft className="size-4" aria-hidden /> Back
            </Button>
            {index < FLOW_STAGE_IDS.length - 1 ? (
              <Button onClick={() => go(FLOW_STAGE_IDS[index + 1]!)}>
                Next <ArrowRight className="size-4" aria-hidden />
              </Button>
            ) : (
              <Button onClick={() => void navigate('/summary')}>
                See My Results <ArrowRight className="size-4" aria-hidden />
              </Button>
            )}
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
};
