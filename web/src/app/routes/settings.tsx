import { Info, Ticket } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { RadioCard } from '../../components/ui/radio-card.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { usePublicCoupon } from '../../lib/account/get-public-coupon.ts';
import { useRenameProject } from '../../lib/projects/rename-project.ts';
import { useSetCoreIdea } from '../../lib/projects/set-core-idea.ts';
import { FEEDBACK_CORNERS, setFeedbackCorner, useFeedbackCorner } from '../../features/feedback/corner.ts';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { rememberCurrentProject, useCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { CacheSettings } from '../../features/settings/components/cache-settings.tsx';
import { DangerZone } from '../../features/settings/components/danger-zone.tsx';
import { GeminiKey } from '../../features/settings/components/gemini-key.tsx';
import { ImportExport } from '../../features/settings/components/import-export.tsx';
import { LogsCard } from '../../features/settings/components/logs-card.tsx';
import { NoteField } from '../../features/stages/components/note-field.tsx';
import { setAutoProgress, useAutoProgressSetting } from '../../lib/auto-progress.ts';
import { setAutoSave, useAutoSave } from '../../lib/auto-save.ts';
import { useTheme } from '../../lib/theme.tsx';

/** Spec 01 §2 'Settings screen (Game Settings)'. */
export const SettingsRoute = () => {
  const { projectId, resolving, resolveError, project } = useCurrentProject();
  const { theme, setTheme } = useTheme();
  const autoSave = useAutoSave();
  const autoProgress = useAutoProgressSetting();
  const feedbackCorner = useFeedbackCorner();
  const coupon = usePublicCoupon();
  const rename = useRenameProject(projectId ?? '');
  const setCoreIdea = useSetCoreIdea(projectId ?? '');

  if (resolveError || project.isError) return <DataMissing error={resolveError ?? project.error} />;
  if (resolving || !projectId || project.isPending) return <PageLoading />;
  const details = project.data.project;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Game Settings</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Your project, how the app behaves, and your data.</p>
      </header>

      <Card className="space-y-4" aria-label="Project">
        <h2 className="text-lg font-semibold">Project</h2>
        <NoteField
          key={`name-${projectId}`}
          label="Project name"
          value={details.name}
          revision={project.data.revision}
          save={(name, base) => rename.mutateAsync({ name, ...base })}
          multiline={false}
          maxLength={200}
        />
        <NoteField
          key={`idea-${projectId}`}
          label="Core idea"
          value={details.coreIdea}
          revision={project.data.revision}
          save={(coreIdea, base) => setCoreIdea.mutateAsync({ coreIdea, ...base })}
          maxLength={5000}
        />
      </Card>

      <GeminiKey projectId={projectId} status={details.aiApiStatus} />

      <Card className="space-y-4" aria-label="Preferences">
        <h2 className="text-lg font-semibold">Preferences</h2>
        <SwitchField
          label="Dark Mode"
          description="Easier on the eyes at night."
          checked={theme === 'dark'}
          onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')}
        />
        <SwitchField label="Auto Save" description="Save what you type 2 seconds after you stop." checked={autoSave} onCheckedChange={setAutoSave} />
        <SwitchField
          label="Auto Progress"
          description="Move on to the next page by itself 2 seconds after a step finishes."
          checked={autoProgress}
          onCheckedChange={setAutoProgress}
        />
        <fieldset aria-describedby="feedback-corner-hint">
          <legend className="text-sm font-medium">Feedback button</legend>
          <p id="feedback-corner-hint" className="text-xs text-slate-500 dark:text-slate-400">
            Which corner of the screen the Send feedback button sits in.
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {FEEDBACK_CORNERS.map((corner) => (
              <RadioCard
                key={corner.value}
                name="feedbackCorner"
                value={corner.value}
                checked={feedbackCorner === corner.value}
                onSelect={() => setFeedbackCorner(corner.value)}
              >
                <span className="text-sm">{corner.label}</span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
      </Card>

      <ImportExport projectId={projectId} onImportedAsNew={rememberCurrentProject} />
      <CacheSettings projectId={projectId} />
      <DangerZone projectId={projectId} />
      <LogsCard />

      <Card aria-label="About">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Info className="size-5 text-indigo-500" aria-hidden /> About
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Viral Idea Studio, version 2.0</p>
        {coupon.data?.code && (
          <p className="mt-3 flex flex-wrap items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <Ticket className="size-4" aria-hidden />
            Coupon <code className="font-mono font-semibold">{coupon.data.code}</code>
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">Active</span>
          </p>
        )}
      </Card>
    </div>
  );
};
