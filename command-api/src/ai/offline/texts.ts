import type { IdeaConcept, IncompatibleParameter } from '@vis/domain';
import type { AiContext } from '../provider.ts';
import type { Seeded } from './seeded.ts';
import { GUIDED_VOCABULARY, STOP_WORDS } from './vocabulary.ts';

/** The few words a core idea is about, most telling first: what makes an offline answer about this idea. */
export const keywordsOf = (text: string): string[] => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 4 && !STOP_WORDS.has(word)),
  ),
];

const capitalized = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

/** What the idea is, in a phrase, for sentences that need one. */
export const ideaPhrase = (context: AiContext) => {
  const idea = context.coreIdea.trim().replace(/[.!?]+$/, '');
  if (idea === '') return 'a one-page site that pays small XNO rewards from its own pool';
  return idea.length > 160 ? `${idea.slice(0, 157).trimEnd()}…` : idea;
};

export const nameOf = (context: AiContext) => context.concept?.name || context.projectName || 'the idea';

/** A context list's values, or some of the kind's usual ones when the user has none yet. */
const listOr = (context: AiContext, list: keyof typeof GUIDED_VOCABULARY, rng: Seeded, count = 3) => {
  const own = context.lists[list] ?? [];
  return own.length > 0 ? own.slice(0, count) : rng.shuffled(GUIDED_VOCABULARY[list]).slice(0, count);
};
/**
 * A parameter inside a sentence: its first word lower-cased when it is an ordinary capitalised word ('Social proof'
 * reads 'social proof'), left alone when it is an acronym or has capitals inside ('FOMO', 'XNO payments').
 */
const inSentence = (text: string) => (/^[A-Z][a-z-]*(\s|$)/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
const joined = (items: readonly string[]) => items.map(inSentence).join(', ');

const CONCEPT_FIRST = ['Tip', 'Pool', 'Streak', 'Echo', 'Pulse', 'Spark', 'Drop', 'Loop', 'Lucky', 'Nano'];
const CONCEPT_SECOND = ['Wall', 'Race', 'Jar', 'Board', 'Wheel', 'Chain', 'Garden', 'Button', 'Tower', 'Map'];
const CORE_ACTIONS = [
  'Tap once a day to claim a share of the pool',
  'Drop a tiny tip and watch the wall grow',
  'Add a message to the wall; every message feeds the pool',
  'Keep a daily streak to raise your payout',
  'Press the shared button before the timer runs out',
  'Guess the daily number; closest guesses split the pool',
];
const VIRAL_HOOKS = [
  "A live counter of today's pool that begs to be shared",
  'Winners are announced with a share card',
  'Invite a friend and both of you earn from their plays',
  'Everyone sees the streak leaderboard',
  'A surprise bonus round when the pool hits a milestone',
  'Your result is a link your friends want to beat',
];

export const conceptsFor = (context: AiContext, rng: Seeded, count = 3): IdeaConcept[] => {
  const keyword = keywordsOf(context.coreIdea)[0];
  const names = new Set<string>();
  const concepts: IdeaConcept[] = [];
  const hooks = rng.shuffled(VIRAL_HOOKS);
  const actions = rng.shuffled(CORE_ACTIONS);
  while (concepts.length < count) {
    const first = concepts.length === 0 && keyword ? capitalized(keyword) : rng.pick(CONCEPT_FIRST);
    const name = `${first} ${rng.pick(CONCEPT_SECOND)}`;
    if (names.has(name)) continue;
    names.add(name);
    const index = concepts.length;
    concepts.push({
      name,
      simplicityScore: rng.between(3, 5),
      coreAction: actions[index % actions.length]!,
      viralHook: hooks[index % hooks.length]!,
    });
  }
  return concepts;
};

/** One text field of a stage, written from the context (flow stages, quick ideas). */
export const stageText = (field: string, context: AiContext, rng: Seeded): string => {
  const name = nameOf(context);
  const idea = ideaPhrase(context);
  const source = context.notes.rewardSource || inSentence(rng.pick(GUIDED_VOCABULARY.rewardSourceParameters));
  const flow = context.notes.rewardFlow || inSentence(rng.pick(GUIDED_VOCABULARY.rewardFlowParameters));
  const audience = listOr(context, 'audienceTypeParameters', rng, 2);
  const triggers = listOr(context, 'viralParameters', rng);
  const texts: Record<string, () => string> = {
    keyInsights: () =>
      `${capitalized(idea)} works best as a closed loop: ${source} feeds the pool and ${inSentence(flow)} pays it out. ${audience.join(' and ')} are the likeliest first players, drawn by ${joined(triggers)}.`,
    selectedIdeaName: () => name,
    rewardSource: () => capitalized(source),
    rewardFlow: () => capitalized(flow),
    sustainabilityCheck: () =>
      `Payouts are a share of what came in over the last 24 hours, never more than the pool holds, so ${name} cannot pay out money it does not have.`,
    externalitiesCheck: () => `Nothing physical, no sponsors, no personal data: ${name} needs only the page and XNO payments between its players.`,
    finalConceptName: () => name,
    oneLinerPitch: () =>
      rng.pick([
        `${name}: ${idea}, paid for by its own players.`,
        `${name} — ${idea}, where every play grows the pool.`,
        `${idea}: ${name} rewards you from a pool the players fund.`,
      ]),
    detailedDescription: () =>
      `${name} is ${idea}. Each action adds a little XNO to a shared pool (${source}); ${inSentence(flow)}. The page shows the pool growing live, so every visitor sees why it is worth coming back and sharing.`,
    viralLoopExplained: () =>
      `Players share their result and the live pool size; friends arrive to beat them, play, and grow the pool further (${joined(triggers)}).`,
    sustainabilityLoopExplained: () =>
      `Rewards come only from ${source}; the payout is a fixed share of recent inflow, so the pool shrinks and grows with use and never runs dry.`,
    architecture: () =>
      'One static page served from a CDN, a small API for plays and payouts, a key-value store for the pool ledger, and WebSockets for the live counter.',
    mvpDefinition: () =>
      `The page with the core action, the live pool counter and daily payouts in XNO; nothing else until ${name} shows people come back.`,
  };
  return (texts[field] ?? (() => `${capitalized(field.replace(/([A-Z])/g, ' $1').toLowerCase())} for ${name}: ${idea}.`))();
};

export const IMPLEMENTATION_STEPS = [
  'Build the static page and the core action',
  'Add the pool ledger and the payout job',
  'Connect XNO payments',
  'Add the live counter over WebSockets',
  'Add share cards and referral links',
  'Launch to a small community and watch the pool',
  'Tune the payout share from real data',
];

/** Parameters that need what the idea rules out: outside parties, physical goods, personal data. */
const CONFLICTS: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /physical|shipping|deliver|merch|printed|hardware|store front|warehouse/i,
    reason: 'needs something physical, which a one-page idea without externalities cannot have',
  },
  {
    pattern: /sponsor|advertis|ads\b|partner|bank|credit card|paypal|stripe|app store/i,
    reason: 'depends on an outside party, so the loop is no longer closed',
  },
  { pattern: /email list|personal data|kyc|identity check|phone number/i, reason: 'collects personal data, an externality the idea avoids' },
  { pattern: /guaranteed|fixed apy|unlimited payout|always win/i, reason: 'promises more than a self-funded pool can pay' },
  { pattern: /download|install|native app|multi-page|dashboard suite/i, reason: 'goes beyond a single simple page' },
];

/** Every parameter of the idea, each once, as the audit reads them. */
export const allParameters = (context: AiContext): string[] => [...new Set([...context.parameters, ...Object.values(context.lists).flat()])];

/** 'no physical', 'without ads', 'non-physical': a parameter that rules something out agrees with the idea, whatever it names. */
const RULES_OUT = /^\s*(no|non|not|without|zero|never|avoid)\b/i;

export const auditOf = (context: AiContext): IncompatibleParameter[] =>
  allParameters(context).flatMap((parameter) => {
    if (RULES_OUT.test(parameter)) return [];
    const conflict = CONFLICTS.find(({ pattern }) => pattern.test(parameter));
    return conflict ? [{ parameter, reason: `'${parameter}' ${conflict.reason}.` }] : [];
  });
