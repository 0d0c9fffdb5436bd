import type { ParameterListName } from '../project/constants.ts';

/**
 * What one kind of parameter suggestion asks of the AI: what to write, how long each result may be and how many
 * to ask for. The builder's counts and word ranges are the spec's table (spec 02 §7); the guided stages' lists
 * have no table in the spec, so theirs follow the nearest row of it (documented per entry).
 */
export interface ParameterKind {
  /** Singular, as a prompt names it: 'viral trigger'. */
  title: string;
  /** What a good result is, in one sentence the model and the offline generator both work from. */
  describe: string;
  minWords: number;
  maxWords: number;
  count: number;
}

/** Guided stage lists (spec 01 §2 stage 1 and 2). */
export const GUIDED_PARAMETER_KINDS = {
  viralParameters: {
    title: 'viral trigger',
    describe: 'psychological triggers that make people share a one-page site',
    minWords: 1,
    maxWords: 3,
    count: 10,
  },
  // No row in the spec for these two: names of sites and challenges run a little longer than triggers.
  micrositeParameters: {
    title: 'successful microsite',
    describe: 'well-known one-page sites or micro-sites that went viral, and why',
    minWords: 1,
    maxWords: 4,
    count: 8,
  },
  closedLoopParameters: {
    title: 'sustainability principle',
    describe: 'closed-loop principles that keep a reward system funded from inside itself',
    minWords: 1,
    maxWords: 3,
    count: 10,
  },
  techParameters: {
    title: 'core technology',
    describe: 'technologies a one-page site with instant crypto rewards is built on',
    minWords: 1,
    maxWords: 3,
    count: 10,
  },
  challengeParameters: {
    title: 'potential challenge',
    describe: 'risks and challenges such an idea has to overcome',
    minWords: 2,
    maxWords: 6,
    count: 8,
  },
  rewardSourceParameters: {
    title: 'reward source',
    describe: 'where the rewards come from, inside the system itself',
    minWords: 2,
    maxWords: 6,
    count: 6,
  },
  rewardFlowParameters: { title: 'reward flow', describe: 'how rewards move from the pool to the participants', minWords: 2, maxWords: 6, count: 6 },
  sustainabilityParameters: {
    title: 'sustainability check',
    describe: 'checks that the reward pool can never run dry',
    minWords: 1,
    maxWords: 3,
    count: 10,
  },
  externalitiesParameters: {
    title: 'externalities check',
    describe: 'ways the idea stays free of outside dependencies and side effects',
    minWords: 2,
    maxWords: 6,
    count: 6,
  },
  audienceTypeParameters: {
    title: 'audience type',
    describe: 'groups of people who would use and share the page',
    minWords: 1,
    maxWords: 4,
    count: 6,
  },
  audienceMotivationParameters: {
    title: 'audience motivation',
    describe: 'why those people would take part and come back',
    minWords: 2,
    maxWords: 6,
    count: 6,
  },
  audienceReachParameters: {
    title: 'audience reach strategy',
    describe: 'ways to reach those audiences without paid advertising',
    minWords: 3,
    maxWords: 8,
    count: 6,
  },
} as const satisfies Partial<Record<ParameterListName, ParameterKind>>;

export type GuidedParameterList = keyof typeof GUIDED_PARAMETER_KINDS;
export const GUIDED_PARAMETER_LISTS = Object.keys(GUIDED_PARAMETER_KINDS) as [GuidedParameterList, ...GuidedParameterList[]];

/** The stage-2 kinds the spec names for its per-kind generation call (spec 01 §7). */
export const STAGE_TWO_KINDS = {
  rewardSource: 'rewardSourceParameters',
  rewardFlow: 'rewardFlowParameters',
  sustainability: 'sustainabilityParameters',
  externalities: 'externalitiesParameters',
  audienceType: 'audienceTypeParameters',
  audienceMotivation: 'audienceMotivationParameters',
  audienceReach: 'audienceReachParameters',
} as const satisfies Record<string, GuidedParameterList>;
export type StageTwoKind = keyof typeof STAGE_TWO_KINDS;
export const STAGE_TWO_KIND_NAMES = Object.keys(STAGE_TWO_KINDS) as [StageTwoKind, ...StageTwoKind[]];

/** The nine-step builder's kinds: the spec's table, row for row (spec 02 §7). */
export const BUILDER_PARAMETER_KINDS = {
  viralTrigger: { title: 'viral trigger', describe: 'psychological triggers that make people share the idea', minWords: 1, maxWords: 3, count: 10 },
  coreTechnology: { title: 'core technology', describe: 'technologies the idea is built on', minWords: 1, maxWords: 3, count: 10 },
  sustainabilityPrinciple: {
    title: 'sustainability principle',
    describe: 'closed-loop principles that keep the idea funded from inside itself',
    minWords: 1,
    maxWords: 3,
    count: 10,
  },
  emotionalTriggers: { title: 'emotional trigger', describe: 'emotions the idea makes people feel', minWords: 1, maxWords: 3, count: 6 },
  publicVisibility: {
    title: 'public visibility way',
    describe: 'ways the use of the idea becomes visible to others',
    minWords: 3,
    maxWords: 8,
    count: 6,
  },
  narrativeElements: {
    title: 'narrative element',
    describe: 'story elements people retell when they share the idea',
    minWords: 2,
    maxWords: 4,
    count: 6,
  },
  practicalBenefits: { title: 'practical benefit', describe: 'practical value the idea gives its users', minWords: 2, maxWords: 6, count: 6 },
  socialCurrency: { title: 'social currency', describe: 'ways taking part makes people look good to others', minWords: 3, maxWords: 6, count: 6 },
  communityOwnership: {
    title: 'community ownership',
    describe: 'ways the community comes to own and steer the idea',
    minWords: 3,
    maxWords: 6,
    count: 6,
  },
} as const satisfies Record<string, ParameterKind>;
export type BuilderParameterKind = keyof typeof BUILDER_PARAMETER_KINDS;
export const BUILDER_PARAMETER_KIND_NAMES = Object.keys(BUILDER_PARAMETER_KINDS) as [BuilderParameterKind, ...BuilderParameterKind[]];

/**
 * The builder sends a free prompt without naming its kind (spec 02 §7): the kind is read from the prompt's
 * words, most specific first ('social currency' before 'currency', 'viral trigger' before 'emotional trigger').
 */
const BUILDER_KIND_CUES: readonly [BuilderParameterKind, RegExp][] = [
  ['socialCurrency', /social\s+currency/i],
  ['communityOwnership', /communit|ownership/i],
  ['emotionalTriggers', /emotion/i],
  ['publicVisibility', /public|visib/i],
  ['narrativeElements', /narrative|stor(y|ies)/i],
  ['practicalBenefits', /practical|benefit/i],
  ['sustainabilityPrinciple', /sustainab|closed[\s-]?loop/i],
  ['coreTechnology', /tech/i],
  ['viralTrigger', /viral|trigger/i],
];

export const builderKindOfPrompt = (prompt: string): BuilderParameterKind =>
  BUILDER_KIND_CUES.find(([, cue]) => cue.test(prompt))?.[0] ?? 'viralTrigger';

/**
 * Stage-1 clients name a list by its list name (`viralParameters`) or by its text form (`commonViralTriggers`),
 * stage-2 clients by the short kind (`rewardSource`): all three spellings name the same list.
 */
const TEXT_FIELD_LISTS: Record<string, GuidedParameterList> = {
  commonViralTriggers: 'viralParameters',
  successfulMicroSites: 'micrositeParameters',
  closedLoopPrinciples: 'closedLoopParameters',
  coreTechUnderstanding: 'techParameters',
  potentialChallenges: 'challengeParameters',
  rewardSources: 'rewardSourceParameters',
  rewardFlowMechanics: 'rewardFlowParameters',
  sustainabilityFactors: 'sustainabilityParameters',
  externalityConsiderations: 'externalitiesParameters',
};

/** Own properties only: `toString` names no list. */
const own = (record: object, key: string) => Object.hasOwn(record, key);

export const guidedListOf = (fieldType: string): GuidedParameterList | null => {
  if (own(GUIDED_PARAMETER_KINDS, fieldType)) return fieldType as GuidedParameterList;
  if (own(STAGE_TWO_KINDS, fieldType)) return STAGE_TWO_KINDS[fieldType as StageTwoKind];
  return own(TEXT_FIELD_LISTS, fieldType) ? TEXT_FIELD_LISTS[fieldType]! : null;
};

/**
 * The most words one value of a list may have: the guided lists' caps (the same numbers the AI's suggestions are
 * cut to), none for the project's own parameter tags.
 */
export const maxWordsOfList = (list: ParameterListName): number | null =>
  own(GUIDED_PARAMETER_KINDS, list) ? GUIDED_PARAMETER_KINDS[list as GuidedParameterList].maxWords : null;

export const GUIDED_FIELD_TYPES = [...GUIDED_PARAMETER_LISTS, ...STAGE_TWO_KIND_NAMES, ...Object.keys(TEXT_FIELD_LISTS)];

/** Results longer than the word limit are cut to it, as the builder does with typed input (spec 02 §5). */
export const truncateWords = (text: string, maxWords: number): string => text.trim().split(/\s+/).slice(0, maxWords).join(' ');

/** Two suggestions are the same parameter when they differ only in case, spacing or surrounding punctuation. */
export const parameterKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
