import { CheckCircle2, Circle, Download, FileText, Loader2, Plus, Save } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses, focusRing } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { DashboardSection, Fact } from '../../features/dashboard/components/dashboard-section.tsx';
import { NextStepsCard } from '../../features/dashboard/components/next-steps-card.tsx';
import { HistoryDialog } from '../../features/dashboard/components/history-dialog.tsx';
import { PointsCard } from '../../features/dashboard/components/points-card.tsx';
import { useGenerateReport } from '../../lib/ai/use-generate-report.ts';
import { ShareDialog } from '../../features/marketplace/components/share-dialog.tsx';
import { exportProjectUrl } from '../../lib/projects/export-project.ts';
import { stageOf } from '../../lib/projects/get-project.ts';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { MyProjectsCard } from '../../features/projects/components/my-projects-card.tsx';
import { NewIdeaDialog } from '../../features/projects/components/new-idea-dialog.tsx';
import { useCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { cn } from '../../lib/cn.ts';
import { useFlushSaves } from '../../lib/save-status.ts';
import { useToast } from '../../lib/toast.tsx';

const STAGE_NAMES = ['Research', 'Reward & Sustainability', 'Ideation', 'Mechanics', 'Refinement'] as const;

/** Spec 01 §2 'Dashboard (variant C)'. */
export const DashboardRoute = () => {
  const { projectId, resolving, resolveError, project } = useCurrentProject();
  const flushSaves = useFlushSaves();
  const toast = useToast();
  const { generate: generateReport, generating: reporting } = useGenerateReport(projectId ?? '');

  if (resolveError || project.isError) return <DataMissing error={resolveError ?? project.error} />;
  if (resolving || !projectId || project.isPending) return <PageLoading />;
  const response = project.data;
  const { project: details, progress, context } = response;
  const final = stageOf(response, 5).data;
  const mechanics = stageOf(response, 4).data;
  const report = stageOf(response, 6).data.technicalReport;

  const save = async () => {
    await flushSaves();
    toast({ title: 'Saved', description: 'Your progress has been saved.', variant: 'success' });
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">Dashboard</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{details.name}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {context[3]?.conceptName ? (
              <>
                Concept: <span className="font-medium">{context[3].conceptName}</span>
              </>
            ) : (
              'No concept selected yet'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <NewIdeaDialog
            trigger={(open) => (
              <Button variant="secondary" onClick={open}>
                <Plus className="size-4" aria-hidden /> New Idea
              </Button>
            )}
          />
          <Button variant="secondary" onClick={() => void save()}>
            <Save className="size-4" aria-hidden /> Save
          </Button>
          <a href={exportProjectUrl(details.id)} download className={buttonClasses({ variant: 'secondary' })}>
            <Download className="size-4" aria-hidden /> Export
          </a>
          <HistoryDialog projectId={details.id} />
          <ShareDialog projectId={details.id} />
        </div>
      </header>

      <PointsCard />

      <MyProjectsCard />

      <Card aria-labelledby="progress-title">
        <div className="flex items-center justify-between">
          <h2 id="progress-title" className="text-lg font-semibold">
            Project Progress
          </h2>
          <span className="text-sm font-semibold tabular-nums" aria-label={`${progress.percent}% complete`}>
            {progress.percent}%
          </span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden>
          <div
            className="h-full rounded-full bg-gradient-to-r from-indigo-500 to-fuchsia-500 transition-[width]"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {STAGE_NAMES.map((name, index) => {
            const stage = (index + 1) as 1 | 2 | 3 | 4 | 5;
            const done = progress.stages[stage];
            const Icon = done ? CheckCircle2 : Circle;
            return (
              <li key={name}>
                <Link
                  to={`/stage-${stage}`}
                  className={cn(
                    'flex h-full flex-col gap-1 rounded-xl border p-3 text-sm transition-colors',
                    done
                      ? 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
                      : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                    focusRing,
                  )}
                >
                  <Icon className={cn('size-5', done ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-400')} aria-hidden />
                  <span className="text-xs text-slate-500 dark:text-slate-400">Stage {stage}</span>
                  <span className="font-semibold">{name}</span>
                  {/* Said after the visible words, so the link's name starts with what is on screen (WCAG 2.5.3). */}
                  <span className="sr-only">{done ? ', complete' : ', not complete'}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </Card>

      <div className="space-y-3">
        <div className="flex justify-end">
          <Button onClick={() => void generateReport()} disabled={reporting}>
            {reporting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FileText className="size-4" aria-hidden />}
            {reporting ? 'Generating...' : 'Generate Comprehensive Report'}
          </Button>
        </div>
        <DashboardSection title="Concept Summary" defaultOpen>
          <Fact label="Core idea" value={details.coreIdea} />
          <Fact label="Final concept" value={final.finalConceptName || context[3]?.conceptName} />
          <Fact label="Pitch" value={final.oneLinerPitch} />
          <Fact label="Description" value={final.detailedDescription} />
          <Fact label="Target audience" value={final.targetAudience.join(', ')} />
        </DashboardSection>
        <DashboardSection title="Technical Specifications">
          {report ? (
            Object.entries(report.technicalSpecifications).map(([field, value]) => (
              <Fact key={field} label={field === 'api' ? 'API' : `${field[0]!.toUpperCase()}${field.slice(1)}`} value={value} />
            ))
          ) : (
            <p className="text-slate-500 dark:text-slate-400">No technical report yet: it is written from the summary.</p>
          )}
        </DashboardSection>
        <DashboardSection title="Implementation Plan">
          <Fact label="Reward source" value={mechanics.rewardSource} />
          <Fact label="Reward flow" value={mechanics.rewardFlow} />
          <Fact label="Sustainability check" value={mechanics.sustainabilityCheck} />
          <Fact label="Externalities check" value={mechanics.externalitiesCheck} />
          {report && <Fact label="Roadmap" value={report.implementationPlan.roadmap} />}
        </DashboardSection>
        <DashboardSection title="Development Journey">
          <ol className="space-y-1">
            {STAGE_NAMES.map((name, index) => (
              <li key={name}>
                Stage {index + 1}, {name}: {progress.stages[(index + 1) as 1 | 2 | 3 | 4 | 5] ? 'complete' : 'not complete yet'}
                {details.currentStageIndex === index + 1 && (
                  <span className="ml-2 rounded-full bg-indigo-100 px-2 text-xs text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
                    current
                  </span>
                )}
              </li>
            ))}
          </ol>
        </DashboardSection>
      </div>

      <NextStepsCard response={response} />
    </div>
  );
};
