/** The guided stages' routes in order (spec 01 §2, variant C: stages 1 to 5). */
export const STAGE_PATHS = ['/stage-1', '/stage-2', '/stage-3', '/stage-4', '/stage-5'] as const;

export type GuidedStage = 1 | 2 | 3 | 4 | 5;

/** Spec 01 §2: stage 1 goes back to the landing page, stage 5 on to the summary. */
export const previousPathOf = (stage: GuidedStage) => (stage === 1 ? '/' : STAGE_PATHS[stage - 2]!);
export const nextPathOf = (stage: GuidedStage) => (stage === 5 ? '/summary' : STAGE_PATHS[stage]);
