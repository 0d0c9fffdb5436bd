import { z } from 'zod';
import type { ActiveProjectState } from './state.ts';
import type { StageNumber } from './stages.ts';

const required = (message: string) => z.string().trim().min(1, message);

/** The spec's audience segment rules (§5), shared by AddAudienceSegment and the stage-2 check. */
export const audienceSegmentRequirements = z.object({
  name: required('Name is required'),
  description: required('Description is required'),
  reachStrategy: required('Reach strategy is required'),
});

/**
 * What "complete enough to move on" means for the only two stages the spec checks (§4, §5); the spec does not
 * show its schemas, so these ask for the least a later stage builds on: an idea with a viral trigger, and
 * a reward source with someone to reach.
 */
export const stageCompletionSchemas = {
  1: z.object({
    coreIdea: required('Please enter a core idea to get started.'),
    viralParameters: z.array(z.string()).min(1, 'Add at least one viral trigger'),
  }),
  2: z.object({
    rewardSourceParameters: z.array(z.string()).min(1, 'Add at least one reward source'),
    audienceSegments: z.array(audienceSegmentRequirements).min(1, 'Add at least one audience segment'),
  }),
} as const;

export type ValidatedStage = keyof typeof stageCompletionSchemas;

const isValidatedStage = (stage: StageNumber): stage is ValidatedStage => stage in stageCompletionSchemas;

/** Issues in the spec's 'path: message' form; an issue about the whole stage has no path. */
export const formatIssue = (issue: z.core.$ZodIssue): string => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);

/** What keeps a stage from being complete; empty when it is, and always empty for unchecked stages. */
export const stageIssues = (project: Pick<ActiveProjectState, 'coreIdea' | 'stages'>, stage: StageNumber): string[] => {
  if (!isValidatedStage(stage)) return [];
  const result = stageCompletionSchemas[stage].safeParse({ coreIdea: project.coreIdea, ...project.stages[stage] });
  return result.success ? [] : result.error.issues.map(formatIssue);
};
