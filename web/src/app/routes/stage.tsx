import { useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { OfflineCopyNotice } from '../../features/projects/components/offline-copy-notice.tsx';
import { stageOf, type ProjectResponse } from '../../lib/projects/get-project.ts';
import { useSetCurrentStage } from '../../lib/projects/set-current-stage.ts';
import { useCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { ContextPanel } from '../../features/stages/components/context-panel.tsx';
import { ResetStage } from '../../features/stages/components/reset-stage.tsx';
import { StageLayout } from '../../features/stages/components/stage-layout.tsx';
import type { StageInFrameProps, StageShown } from '../../features/stages/components/stage-loading.tsx';
import { StageNavigation } from '../../features/stages/components/stage-navigation.tsx';
import {
  StageFiveScreen,
  StageFourScreen,
  StageOneScreen,
  StageThreeScreen,
  StageTwoScreen,
} from '../../features/stages/components/stage-screens.tsx';
import { TechnicalStageScreen } from '../../features/stages/components/technical-stage.tsx';
import type { GuidedStage } from '../../features/stages/stage-paths.ts';

const SCREENS = { 1: StageOneScreen, 2: StageTwoScreen, 3: StageThreeScreen, 4: StageFourScreen, 5: StageFiveScreen } as const;

/** What a stage shows under its title and guide once its project is at hand. */
const StageBody = ({ response, stageNumber }: { response: ProjectResponse; stageNumber: GuidedStage | 6 }) => {
  const projectId = response.project.id;
  if (stageNumber === 6) {
    return (
      <>
        <ContextPanel stage={6} context={response.context} />
        <TechnicalStageScreen response={response} />
        <ResetStage projectId={projectId} stage={6} />
      </>
    );
  }
  const Screen = SCREENS[stageNumber];
  return (
    <>
      <ContextPanel stage={stageNumber} context={response.context} />
      <Screen key={projectId} response={response} />
      <ResetStage projectId={projectId} stage={stageNumber} />
      <StageNavigation projectId={projectId} stage={stageNumber} />
    </>
  );
};

/**
 * The project's current stage follows the route (spec 02 §2.1): opening /stage-N makes N current, once per visit
 * of a stage that is not current already. Not on an offline copy, which nothing may change.
 */
const useFollowRoute = (response: ProjectResponse | undefined, stageNumber: GuidedStage | 6) => {
  const projectId = response?.project.id ?? '';
  const { mutate } = useSetCurrentStage(projectId);
  const behind = response !== undefined && response.project.currentStageIndex !== stageNumber;
  useEffect(() => {
    // A failure only leaves the current stage where it was; the screen itself works either way.
    if (behind) mutate(stageNumber, { onError: () => undefined });
  }, [behind, mutate, projectId, stageNumber]);
};

/**
 * /stage-1 … /stage-5 on the browser's current project, and /stage-6, the optional technical stage: what goes under
 * the stage's title and guide in its frame (`StageFrame`, from the first page), or, for an offline copy or a
 * failure, the whole screen.
 */
export const StageRoute = ({ stageNumber, framed, show }: StageInFrameProps) => {
  const { projectId, resolving, resolveError, project, localCopy, retry } = useCurrentProject();
  const loaded = !resolving && projectId !== undefined && !project.isPending;
  // The stage first renders when its project arrives, and that render is the longest task of a first visit. Its
  // data comes from TanStack Query's stores, which render at once and whole; deferred, React renders it in slices
  // that let the page answer input meanwhile, while the stage's texts stay on screen. Only the first appearance
  // is deferred (a stage mounted with its project at hand, as on moving between stages, renders at once): later
  // changes of the project render as they come.
  const showStage = useDeferredValue(loaded);
  useFollowRoute(loaded && !localCopy ? project.data : undefined, stageNumber);
  const missing = resolveError || project.isError;
  const shown: StageShown = localCopy || missing ? 'alone' : loaded && showStage ? 'stage' : 'loading';
  // Before the browser paints: the frame renders again with this in or out of its layout and with or without its
  // spinner, and nothing shows twice.
  useLayoutEffect(() => show(shown), [shown, show]);
  if (framed === (shown === 'alone')) return null;

  if (localCopy) {
    // A disabled fieldset turns every field and button of the copy off at once: nothing can be changed, or lost.
    return (
      <>
        <div className="px-3 xs:px-4 sm:px-6 lg:px-8">
          <OfflineCopyNotice copy={localCopy} onRetry={retry} />
        </div>
        <fieldset disabled aria-label="Offline copy (read-only)" className="min-w-0">
          <StageLayout stage={stageOf(localCopy.response, stageNumber)}>
            <StageBody response={localCopy.response} stageNumber={stageNumber} />
          </StageLayout>
        </fieldset>
      </>
    );
  }
  if (missing) return <DataMissing error={resolveError ?? project.error} />;
  // The stage's own texts and spinner (the frame's) show while its project loads: on a first visit they are the
  // largest thing on the screen.
  return shown === 'stage' && project.data ? <StageBody response={project.data} stageNumber={stageNumber} /> : null;
};
