/** Business constants from spec/01-guided-stages.md (§3, §5, §9). */

/** Variant C names a new project this way (spec §3, §4 settings reset). */
export const DEFAULT_PROJECT_NAME = 'New Viral Idea';
export const DEFAULT_PARAMETERS: readonly string[] = ['Viral', 'Simple Page', 'No Externalities'];
export const MIN_PARAMETER_LENGTH = 2;
export const MAX_PARAMETER_LENGTH = 200;
export const MAX_PROJECT_NAME_LENGTH = 200;
export const MAX_CORE_IDEA_LENGTH = 5000;

/**
 * Every parameter list a user can add to: the project's global list and the stage lists of stages 1 and 2
 * (spec §3). `textField` is the comma-joined text form the spec keeps beside each stage-1 list.
 */
export const PARAMETER_LISTS = {
  parameters: { stage: 0, title: 'Parameters' },
  viralParameters: { stage: 1, title: 'Common Viral Triggers', textField: 'commonViralTriggers' },
  micrositeParameters: { stage: 1, title: 'Successful Microsites', textField: 'successfulMicroSites' },
  closedLoopParameters: { stage: 1, title: 'Closed Loop Principles', textField: 'closedLoopPrinciples' },
  techParameters: { stage: 1, title: 'Core Tech Understanding', textField: 'coreTechUnderstanding' },
  challengeParameters: { stage: 1, title: 'Potential Challenges', textField: 'potentialChallenges' },
  rewardSourceParameters: { stage: 2, title: 'Reward Source', textField: 'rewardSources' },
  rewardFlowParameters: { stage: 2, title: 'Reward Flow', textField: 'rewardFlowMechanics' },
  sustainabilityParameters: { stage: 2, title: 'Sustainability Check', textField: 'sustainabilityFactors' },
  externalitiesParameters: { stage: 2, title: 'Externalities Check', textField: 'externalityConsiderations' },
  audienceTypeParameters: { stage: 2, title: 'Audience Types' },
  audienceMotivationParameters: { stage: 2, title: 'Audience Motivations' },
  audienceReachParameters: { stage: 2, title: 'Audience Reach Strategies' },
} as const;

export type ParameterListName = keyof typeof PARAMETER_LISTS;
export const PARAMETER_LIST_NAMES = Object.keys(PARAMETER_LISTS) as [ParameterListName, ...ParameterListName[]];
