/** Business constants from spec/01-guided-stages.md (§3, §5, §9). */

/** Variant C names a new project this way (spec §3, §4 settings reset). */
export const DEFAULT_PROJECT_NAME = 'New Viral Idea';
export const DEFAULT_PARAMETERS: readonly string[] = ['Viral', 'Simple Page', 'No Externalities'];
/** Stage 1's viral triggers before the user has saved any (spec §4 'Stage 1 triggers'). */
export const STARTING_VIRAL_TRIGGERS: readonly string[] = ['one-page', 'no physical', 'realistic'];
export const MIN_PARAMETER_LENGTH = 2;
export const MAX_PARAMETER_LENGTH = 200;
/**
 * At most this many values in one list (a parameter list, a builder category, the audience segments): far more
 * than an idea on one page can use, and a bound on what one project costs to fold, store and send.
 */
export const MAX_LIST_ITEMS = 500;
export const LIST_FULL_MESSAGE = `This list is full: it holds at most ${MAX_LIST_ITEMS} values. Remove some to add more.`;
/**
 * A value that differs from one already in the list only in case: the person typed something they think is new,
 * so they are told why it is not added (an exact repeat, a second click, is simply dropped, spec 01 §5).
 */
export const DUPLICATE_PARAMETER_MESSAGE = 'This parameter is already in the list';
export const DUPLICATE_SEGMENT_MESSAGE = 'An audience segment with this name already exists';
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

/** Stages move one at a time up to the optional technical stage (spec §1 variant C). */
export const FIRST_STAGE = 1;
export const LAST_STAGE = 6;
/** Context from previous stages is shown cut to this many characters (spec §2, §9). */
export const CONTEXT_PREVIEW_LENGTH = 120;
export const MIN_SIMPLICITY_SCORE = 0;
export const MAX_SIMPLICITY_SCORE = 5;
/** Bounds that keep one event well under the event store's size limits; far above anything a person types. */
export const MAX_NAME_LENGTH = 200;
export const MAX_NOTE_LENGTH = 20_000;
/** Reports and prompts come from the AI and run long. */
export const MAX_REPORT_TEXT_LENGTH = 100_000;
export const MAX_PROMPT_LENGTH = 100_000;

export const AI_KEY_STATUSES = ['Not Set', 'Pending', 'Valid', 'Invalid'] as const;
export type AiKeyStatus = (typeof AI_KEY_STATUSES)[number];
export const DEFAULT_AI_KEY_STATUS: AiKeyStatus = 'Not Set';

/** How long a deleted project stays in the trash, restorable, before it is gone for good. */
export const TRASH_DAYS = 30;
