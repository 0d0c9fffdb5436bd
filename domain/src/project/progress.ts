import type { ActiveProjectState } from './state.ts';
import { GUIDED_STAGE_NUMBERS, type GuidedStageNumber, type KeyResource, type ProjectStages, type StageNumber } from './stages.ts';
import { STARTING_VIRAL_TRIGGERS } from './constants.ts';
import { cut } from './text.ts';

export interface Progress {
  stages: Record<GuidedStageNumber, boolean>;
  completed: number;
  /** Rounded share of the five guided stages that are complete. */
  percent: number;
}

type GuidedStages = Pick<ProjectStages, GuidedStageNumber>;

const filled = (text: string) => text.trim() !== '';

/**
 * A new project starts with the starting viral triggers; they are the product's, not the person's work, so they
 * do not make stage 1 complete (an untouched project is 0%). A trigger of the person's own does.
 */
const ownViralTriggers = (triggers: readonly string[]) => triggers.some((trigger) => !STARTING_VIRAL_TRIGGERS.includes(trigger));

/**
 * Spec §4 'Progress completeness (variant C)'. The spec's trigger, micro-site and closed-loop texts are the
 * joined forms of their lists, so checking the lists covers them.
 */
const completeness: { [N in GuidedStageNumber]: (stages: GuidedStages) => boolean } = {
  1: ({ 1: stage }) =>
    ownViralTriggers(stage.viralParameters) ||
    [stage.micrositeParameters, stage.closedLoopParameters, stage.techParameters].some((list) => list.length > 0),
  2: ({ 2: stage }) =>
    filled(stage.identifiedCommunities) ||
    stage.caseStudies.some((study) => filled(study.projectName)) ||
    [
      stage.rewardSourceParameters,
      stage.rewardFlowParameters,
      stage.sustainabilityParameters,
      stage.externalitiesParameters,
      stage.audienceTypeParameters,
      stage.audienceMotivationParameters,
      stage.audienceReachParameters,
    ].some((list) => list.length > 0) ||
    stage.audienceSegments.length > 0,
  3: ({ 3: stage }) => stage.ideaConcepts.length > 0,
  4: ({ 4: stage }) => filled(stage.rewardSource) || filled(stage.rewardFlow),
  5: ({ 5: stage }) => filled(stage.oneLinerPitch) || filled(stage.detailedDescription),
};

export const progressOf = (stages: GuidedStages): Progress => {
  const done = {} as Record<GuidedStageNumber, boolean>;
  for (const stage of GUIDED_STAGE_NUMBERS) done[stage] = completeness[stage](stages);
  const completed = GUIDED_STAGE_NUMBERS.filter((stage) => done[stage]).length;
  return { stages: done, completed, percent: Math.round((completed / GUIDED_STAGE_NUMBERS.length) * 100) };
};

export interface PreviousStagesContext {
  1?: { viralTriggers: string; keyResources: KeyResource[] };
  2?: { caseStudyNames: string[]; keyInsights: string };
  /** Null while no concept is selected. */
  3?: { conceptName: string; coreAction: string; viralHook: string } | null;
  /**
   * Stage 2's audience segments (variant C keeps them there), stage 4's messaging strategy, and its reward flow:
   * stage 4 here is the mechanics stage, whose flow is what stage 5's refinement builds on.
   */
  4?: { audienceSegmentNames: string[]; messaging: string; rewardFlow: string };
}

/**
 * The 'Context from Previous Stages' panel (spec §2) for the stage screen `forStage`: one entry per earlier
 * stage that has a summary (1–4). Without `forStage`, all four.
 */
export const contextFromPreviousStages = (project: Pick<ActiveProjectState, 'stages'>, forStage: StageNumber = 6): PreviousStagesContext => {
  const { stages } = project;
  const context: PreviousStagesContext = {};
  if (forStage > 1) {
    context[1] = { viralTriggers: cut(stages[1].viralParameters.join(', ')), keyResources: stages[1].keyResources };
  }
  if (forStage > 2) {
    context[2] = {
      caseStudyNames: stages[2].caseStudies.map((study) => study.projectName).filter(filled),
      keyInsights: cut(stages[2].keyInsights),
    };
  }
  if (forStage > 3) context[3] = selectedConcept(stages);
  if (forStage > 4) {
    context[4] = {
      audienceSegmentNames: stages[2].audienceSegments.map((segment) => segment.name),
      messaging: cut(stages[4].messagingStrategy),
      rewardFlow: cut(stages[4].rewardFlow),
    };
  }
  return context;
};

const selectedConcept = (stages: ProjectStages): PreviousStagesContext[3] => {
  const { selectedConceptIndex, ideaConcepts } = stages[3];
  const concept = selectedConceptIndex === null ? undefined : ideaConcepts[selectedConceptIndex];
  if (!concept) return null;
  return { conceptName: concept.name, coreAction: concept.coreAction ?? '', viralHook: concept.viralHook ?? '' };
};
