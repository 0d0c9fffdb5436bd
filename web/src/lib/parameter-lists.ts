import type { GuidedParameterList } from '@vis/domain';

export interface ListDefinition {
  title: string;
  /** The name the generate call knows the list by: the text form on stage 1, the kind on stage 2 (spec 01 §7). */
  fieldType: string;
  hint: string;
}

/** Spec 01 §2: the titles of the lists on stages 1 and 2 (variant C). */
export const LIST_DEFINITIONS: Record<GuidedParameterList, ListDefinition> = {
  viralParameters: {
    title: 'Common Viral Triggers',
    fieldType: 'commonViralTriggers',
    hint: 'What makes people share a one-page site?',
  },
  micrositeParameters: {
    title: 'Successful Microsites',
    fieldType: 'successfulMicroSites',
    hint: 'One-page sites that went viral, and why.',
  },
  closedLoopParameters: {
    title: 'Closed Loop Principles',
    fieldType: 'closedLoopPrinciples',
    hint: 'How rewards are funded from inside the system.',
  },
  techParameters: { title: 'Core Tech Understanding', fieldType: 'coreTechUnderstanding', hint: 'The technology the idea is built on.' },
  challengeParameters: { title: 'Potential Challenges', fieldType: 'potentialChallenges', hint: 'Risks the idea has to overcome.' },
  rewardSourceParameters: { title: 'Reward Source', fieldType: 'rewardSource', hint: 'Where the rewards come from.' },
  rewardFlowParameters: { title: 'Reward Flow', fieldType: 'rewardFlow', hint: 'How rewards move to participants.' },
  sustainabilityParameters: { title: 'Sustainability Check', fieldType: 'sustainability', hint: 'Why the reward pool never runs dry.' },
  externalitiesParameters: {
    title: 'Externalities Check',
    fieldType: 'externalities',
    hint: 'No outside dependencies or side effects.',
  },
  audienceTypeParameters: { title: 'Audience Types', fieldType: 'audienceType', hint: 'Who would use and share it.' },
  audienceMotivationParameters: {
    title: 'Audience Motivations',
    fieldType: 'audienceMotivation',
    hint: 'Why they take part and come back.',
  },
  audienceReachParameters: { title: 'Audience Reach Strategies', fieldType: 'audienceReach', hint: 'How to reach them without ads.' },
};

export const STAGE_ONE_LISTS = ['viralParameters', 'micrositeParameters', 'closedLoopParameters', 'techParameters', 'challengeParameters'] as const;
export const STAGE_TWO_REWARD_LISTS = [
  'rewardSourceParameters',
  'rewardFlowParameters',
  'sustainabilityParameters',
  'externalitiesParameters',
] as const;
export const STAGE_TWO_AUDIENCE_LISTS = ['audienceTypeParameters', 'audienceMotivationParameters', 'audienceReachParameters'] as const;

/** Spec 01 §5, variant C. */
export const MIN_PARAMETER_LENGTH = 2;

export const wordCount = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);
export const cutToWords = (text: string, maxWords: number) => text.trim().split(/\s+/).slice(0, maxWords).join(' ');

/** Spec 01 §5: split on commas, newlines, bullet characters and hyphens; trim; drop empty pieces. */
export const splitItems = (text: string) =>
  text
    .split(/[,\n•·*\u2022-]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
