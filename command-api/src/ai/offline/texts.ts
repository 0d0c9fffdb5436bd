import { STARTING_VIRAL_TRIGGERS, type IdeaConcept } from '@vis/domain';
import type { AiContext } from '../provider.ts';
import { auditOf } from './audit.ts';
import { seededRandom, type Seeded } from './seeded.ts';
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

export const nameOf = (context: AiContext) => context.concept?.name || context.notes.selectedIdeaName || context.projectName || 'the idea';

/**
 * Stage 1 starts its viral triggers with the idea's principles ('one-page', 'no physical', 'realistic'), and people
 * add the spec's default tags there too: rules the idea keeps, not reasons anyone shares it. A sentence about why
 * people share ("with no physical doing the rest") must not be made of them.
 */
const PRINCIPLES = new Set(
  [
    ...STARTING_VIRAL_TRIGGERS,
    'one page',
    'crypto reward',
    'xno crypto',
    'self-funded',
    'self funded',
    'viral',
    'simple page',
    'no externalities',
  ].map((value) => value.toLowerCase()),
);
const isPrinciple = (value: string) => PRINCIPLES.has(value.trim().toLowerCase());

/**
 * A context list's values, or some of the kind's usual ones when the user has none yet: the same ones for the same
 * idea (seeded by the idea and the list, not by the request), so that every field of a draft, and the next stage's
 * draft, tells the same story.
 */
const listOr = (context: AiContext, list: keyof typeof GUIDED_VOCABULARY, count = 3) => {
  const own = (context.lists[list] ?? []).filter((value) => list !== 'viralParameters' || !isPrinciple(value));
  if (own.length > 0) return own.slice(0, count);
  return seededRandom(`${context.coreIdea}|${list}`).shuffled(GUIDED_VOCABULARY[list]).slice(0, count);
};
/**
 * A parameter inside a sentence: its first word lower-cased when it is an ordinary capitalised word ('Social proof'
 * reads 'social proof'), left alone when it is an acronym or has capitals inside ('FOMO', 'XNO payments').
 */
const inSentence = (text: string) => (/^[A-Z][a-z-]*(\s|$)/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
/** A text inside a sentence: as `inSentence`, without its closing full stop. */
const clause = (text: string) => inSentence(text.trim().replace(/[.!?;:,]+$/, ''));
/** Items as a person lists them: 'a', 'a and b', 'a, b and c'. */
const listed = (items: readonly string[]) => {
  const parts = items.map(clause);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
};
/** Sentences joined, each starting with a capital and ending with a full stop. */
const sentences = (...parts: (string | false | undefined)[]) =>
  parts
    .filter((part): part is string => Boolean(part && part.trim()))
    .map((part) => {
      const text = capitalized(part.trim());
      return /[.!?…]["')]?$/.test(text) ? text : `${text}.`;
    })
    .join(' ');
/** A note short enough to sit inside a sentence (a phrase, not a paragraph), or nothing. */
const phraseOf = (note: string | undefined) => {
  const text = note?.trim() ?? '';
  return text && text.split(/\s+/).length <= 12 && !/[.!?]\s/.test(text) ? text : '';
};

/** Words of an idea that are not the thing it is about: verbs, adjectives and the like a name should not be made of. */
const NOT_NAMES = new Set(
  `every each some many more most best better good great small little tiny daily weekly hourly live just like make makes made
  gets give gives pays paid joins join share shares shared people person player players user users anyone everyone someone thing
  things when what while then than also only very really there here online free new first last other others always never can
  could would should will lets let allows allow help helps using use used based around over under about onto upon way ways get
  want wants see sees win wins lot lots all any but not who how his her its own out day days game site sites app web page pages
  where which they them their these those been being into from with your our for the and are was were has have had pool pools
  correct right wrong split splits per via top fun whole half real lucky random quick fast slow easy hard together same next`.split(/\s+/),
);

/** A word as the thing it names, in the singular ('messages' → 'message', 'guesses' → 'guess'). */
const singular = (word: string) => {
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.length > 3 && /[^su]s$/.test(word) ? word.slice(0, -1) : word;
};

/** What the idea is about, as nouns to name concepts after: 'a wall where every tip …' → wall, tip, message. */
const subjectsOf = (context: AiContext): string[] => {
  const words = context.coreIdea
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !NOT_NAMES.has(word) && !/\d|ing$|ly$|ed$/.test(word))
    .map(singular)
    .filter((word) => !NOT_NAMES.has(word));
  // Two subjects side by side are one thing ('balcony garden'): it names the idea better than two apart, so it
  // comes first, head noun first, as baseNameOf reads it ('Balcony Garden').
  const compound = words.findIndex((word, index) => index > 0 && context.coreIdea.toLowerCase().includes(`${words[index - 1]} ${word}`));
  const ordered = compound > 0 ? [words[compound]!, words[compound - 1]!, ...words] : words;
  const subjects = [...new Set(ordered)];
  if (subjects.length > 0) return subjects;
  const named = context.projectName.split(/\s+/).find((word) => word.length >= 3 && !NOT_NAMES.has(word.toLowerCase()));
  return [named?.toLowerCase() ?? 'lucky'];
};

/** The concept that is the idea as the person wrote it: named after its two main subjects ('Tip Wall', 'Bird Guess'). */
const baseNameOf = (context: AiContext) => {
  const [first, second] = subjectsOf(context);
  return second ? `${capitalized(second)} ${capitalized(first!)}` : `${capitalized(first!)} Club`;
};

/** A twist on the idea that makes a concept of its own: a name, the one action and the hook, around the idea's own concept. */
interface ConceptShape {
  word: string;
  simplicity: number;
  action: (base: string) => string;
  hook: string;
  cta: string;
  visual: string;
}

const SHAPES: readonly ConceptShape[] = [
  {
    word: 'Streak',
    simplicity: 4,
    action: (base) => `Play ${base} once a day to keep your streak; the longer the streak, the bigger your share of the pool`,
    hook: 'Streaks are public, so keeping one is worth a post and friends start their own to catch up',
    cta: "Start today's streak",
    visual: 'a flame next to every streak, growing day by day',
  },
  {
    word: 'Duel',
    simplicity: 4,
    action: (base) => `Challenge a friend to a round of ${base}: both put in a small stake, and the better result takes most of the pot`,
    hook: 'Every duel is a link sent to someone new, so each round brings in another player',
    cta: 'Challenge a friend',
    visual: 'two players side by side with the pot between them',
  },
  {
    word: 'Jar',
    simplicity: 5,
    action: (base) =>
      `Every round of ${base} drops a tiny fee into one shared jar, and once a day the jar pays a player drawn from that day's rounds`,
    hook: "A live counter shows the jar filling up, and the day's winner gets a card to share",
    cta: 'Play and fill the jar',
    visual: 'a glass jar that fills as the rounds come in',
  },
  {
    word: 'Vote',
    simplicity: 3,
    action: (base) =>
      `Post your entry to ${base} and vote for the best one of the day; a vote costs a fraction of a cent, and the winner takes the day's pool`,
    hook: 'Entrants ask their friends for votes, and every vote brings a new visitor',
    cta: 'Post your entry',
    visual: "today's entries ranked by votes, the pool above them",
  },
  {
    word: 'Countdown',
    simplicity: 4,
    action: (base) => `Each round of ${base} restarts a public countdown; whoever plays last before it ends wins the pool`,
    hook: 'Everyone watching wants to be the last to play, and they call friends in when the clock nears zero',
    cta: 'Play before it ends',
    visual: 'one big button under a countdown clock',
  },
  {
    word: 'Teams',
    simplicity: 3,
    action: (base) => `Join a team and play ${base} together; the team with the best day splits the pool`,
    hook: 'Teams recruit their friends, because every new member raises their chance at the pool',
    cta: 'Join a team',
    visual: 'the teams in a live race bar, the pool at the finish line',
  },
];

/** The shape a concept was written from, when its name says so (a user's own concept has none). */
const shapeOf = (concept: IdeaConcept | null) => SHAPES.find((shape) => concept?.name.endsWith(` ${shape.word}`));

/** A hook driven by one of the project's triggers. */
const withTrigger = (hook: string, trigger: string, rng: Seeded) =>
  rng.pick([`${hook} — ${inSentence(trigger)} at work.`, `${hook}, with ${inSentence(trigger)} doing the rest.`]);

/** The project's values a draft may use: its own lists without what the audit finds against the idea. */
const usable = (context: AiContext): AiContext => {
  const flagged = new Set(auditOf(context).map((finding) => finding.parameter));
  if (flagged.size === 0) return context;
  return {
    ...context,
    lists: Object.fromEntries(Object.entries(context.lists).map(([list, values]) => [list, (values ?? []).filter((value) => !flagged.has(value))])),
  };
};

/**
 * Concepts for the idea: first the idea itself as the person wrote it, named after its subjects, then twists on
 * it (a streak, a duel, a shared jar, …), each named after another subject; every hook is driven by one of the
 * project's viral triggers, and no concept repeats the selected one's name.
 */
export const conceptsFor = (context: AiContext, rng: Seeded, count = 3): IdeaConcept[] => {
  const own = usable(context);
  const subjects = subjectsOf(context);
  const triggers = listOr(own, 'viralParameters', count);
  const long = context.coreIdea.split(/\s+/).length > 25;
  const taken = new Set([context.concept?.name.toLowerCase()]);
  const base = baseNameOf(context);
  const concepts: IdeaConcept[] = [];
  if (!taken.has(base.toLowerCase())) {
    taken.add(base.toLowerCase());
    concepts.push({
      name: base,
      simplicityScore: long ? 4 : 5,
      coreAction: sentences(ideaPhrase(context)),
      viralHook: withTrigger(`Each day's winners get a ${base} card to post, and their friends come to beat them`, triggers[0]!, rng),
    });
  }
  for (const shape of rng.shuffled(SHAPES)) {
    if (concepts.length >= count) break;
    const subject = subjects[concepts.length % subjects.length]!;
    const name = `${capitalized(subject)} ${shape.word}`;
    if (taken.has(name.toLowerCase())) continue;
    taken.add(name.toLowerCase());
    concepts.push({
      name,
      simplicityScore: Math.max(0, shape.simplicity - (long ? 1 : 0)),
      coreAction: shape.action(base),
      viralHook: withTrigger(shape.hook, triggers[concepts.length % triggers.length]!, rng),
    });
  }
  return concepts;
};

/** Whether the selected concept's core action is the core idea itself (the first concept is the idea as written). */
const actsAsIdea = (context: AiContext) => {
  const key = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const action = key(context.concept?.coreAction ?? '');
  return action === '' || action === key(context.coreIdea);
};

/** The core action's first clause, for sentences that name it ('play Tip Wall once a day to keep your streak'). */
const actionOf = (context: AiContext) =>
  actsAsIdea(context) ? `play ${nameOf(context)}` : clause(context.concept!.coreAction!.trim().split(/;|: |—|\.\s/)[0]!);

/** One text field of a stage, written from the context (flow stages, quick ideas). */
export const stageText = (field: string, context: AiContext, rng: Seeded): string => {
  const name = nameOf(context);
  const idea = ideaPhrase(context);
  const { concept, notes } = context;
  const own = usable(context);
  const sources = listOr(own, 'rewardSourceParameters', 2);
  const flows = listOr(own, 'rewardFlowParameters', 2);
  const source = phraseOf(notes.rewardSource) || listed(sources);
  const flow = phraseOf(notes.rewardFlow) || flows.map(clause).join('; ');
  const sustainability = listOr(own, 'sustainabilityParameters', 2);
  const externalities = listOr(own, 'externalitiesParameters', 3);
  const audience = context.audienceSegments.length > 0 ? context.audienceSegments.slice(0, 3) : listOr(own, 'audienceTypeParameters', 2);
  const motivations = listOr(own, 'audienceMotivationParameters', 2);
  const reach = listOr(own, 'audienceReachParameters', 2);
  const triggers = listOr(own, 'viralParameters');
  const challenges = listOr(own, 'challengeParameters', 3);
  const tech = listOr(own, 'techParameters', 3);
  const action = actionOf(context);
  const hook = concept?.viralHook?.trim() ? clause(concept.viralHook.split(/ — |, with .+ doing the rest/)[0]!) : '';
  const shape = shapeOf(concept);
  const rules = context.parameters.filter((parameter) => /^\s*(no|non|without)\b/i.test(parameter));
  const texts: Record<string, () => string> = {
    keyInsights: () =>
      sentences(
        `${idea} works best as a closed loop: the players fill the pool (${clause(sources[0]!)}) and it pays them back (${clause(flows[0]!)})`,
        `The likeliest first players: ${listed(audience)}, drawn by ${listed(triggers)}`,
        challenges[0] && `The first thing to solve: ${clause(challenges[0])}`,
      ),
    selectedIdeaName: () => name,
    rewardSource: () =>
      sentences(
        `The ${name} pool is filled from inside the game: ${listed(sources)}`,
        `${actsAsIdea(context) ? `Each play of ${name}` : `Each play (${action})`} leaves a small part of what the player puts in; nothing comes from sponsors, ads or outside funds`,
      ),
    rewardFlow: () =>
      sentences(`How ${name} pays: ${flows.map(clause).join('; ')}`, "every payout goes straight to the player's XNO wallet and shows on the page"),
    sustainabilityCheck: () =>
      sentences(
        `${name} never pays out more than it holds: the payout (${flow}) is a share of what came in (${source}), never a fixed promise`,
        `What keeps the pool solvent when play slows down: ${listed(sustainability)}`,
      ),
    externalitiesCheck: () => {
      const finding = auditOf(context)[0];
      return sentences(
        `${name} needs nothing beyond the page and XNO payments between its players: ${listed(externalities)}`,
        rules.length > 0 && `That keeps to the project's own rules, ${listed(rules.map((rule) => `"${rule.trim()}"`))}`,
        finding && `One parameter does not fit yet: ${finding.reason}`,
      );
    },
    finalConceptName: () => name,
    oneLinerPitch: () =>
      actsAsIdea(context)
        ? rng.pick([
            `${name}: ${clause(idea)}, paid for by its own players.`,
            `${capitalized(idea)} — ${name} pays you back from a pool its players fund.`,
          ])
        : rng.pick([
            `${name}: ${action}, and get paid from a pool the players fill themselves.`,
            `${capitalized(action)} — ${name} pays you back from a pool its players fund.`,
          ]),
    detailedDescription: () =>
      sentences(
        `${name} starts from one idea: ${clause(idea)}`,
        !actsAsIdea(context) && `On the page a visitor does one thing: ${action}`,
        `Players fill the pool themselves (${source}) and are paid from it (${flow}), straight to their XNO wallets`,
        `It is made for ${listed(audience)}, who come to ${clause(motivations[0]!)}`,
        hook,
      ),
    viralLoopExplained: () =>
      sentences(
        hook || `Every payout on ${name} comes with a card players can share`,
        `Where the first players come from: ${listed(reach)}`,
        `every player has a reason to share (${listed(triggers)}), and every friend who comes plays, which grows the pool and the next payout`,
      ),
    sustainabilityLoopExplained: () =>
      sentences(
        `Players fill the pool (${source}); part of it goes back to them (${flow}) and the rest stays for tomorrow`,
        'more plays mean a bigger pool, and a bigger pool draws more plays',
        `when play slows, payouts shrink with it (${listed(sustainability.slice(0, 1))}), so ${name} never runs dry`,
      ),
    targetAudience: () => audience.join(', '),
    webpageHeadline: () => rng.pick([`${name}: play once, get paid from the pool`, `Play ${name}. Grow the pool. Get paid.`]),
    webpageVisual: () =>
      sentences(
        `A big live counter of the ${name} pool at the top, ${shape ? shape.visual : 'the one action in the middle'}, and the latest payouts underneath`,
      ),
    webpageCta: () => shape?.cta ?? `Play ${name}`,
    webpageExplanation: () =>
      sentences(`How it works: ${action}`, `the pool pays out as ${flow}`, 'every payout is public, and the pool only pays what came in'),
    whyMicro: () => sentences(`One page, one action (${action}), one pool: ${name} can be explained in a sentence and built in weeks`),
    whyNoExternalities: () =>
      sentences(`Everything ${name} pays comes from its players (${source})`, `it needs no one else: ${listed(externalities)}`),
    keyAssumptionsRisks: () =>
      sentences(`It assumes ${listed(audience.slice(0, 1))} come back to ${clause(motivations[0]!)}`, `The risks: ${listed(challenges)}`),
    architecture: () =>
      sentences(
        `One static page for ${name}, served from a CDN and built with ${listed(tech)}`,
        'a small API records each play and keeps the pool ledger, WebSockets push the live counter, and a daily job pays out in XNO',
      ),
    mvpDefinition: () =>
      sentences(
        `The page with the one action (${action}), the live pool counter and the payout (${flow})`,
        `nothing else until ${name} shows people come back`,
      ),
  };
  return (texts[field] ?? (() => `${capitalized(field.replace(/([A-Z])/g, ' $1').toLowerCase())} for ${name}: ${idea}.`))();
};

/** The steps to build the idea, in the order they are taken, named for this project where it has the words. */
export const implementationStepsFor = (context: AiContext) => {
  const name = nameOf(context);
  const audience = context.audienceSegments[0] ?? context.lists.audienceTypeParameters?.[0];
  return [
    `Build the ${name} page and its one action`,
    'Add the pool ledger and the payout job',
    'Connect XNO payments',
    'Add the live counter over WebSockets',
    'Add share cards and referral links',
    audience && audience.split(/\s+/).length <= 4
      ? `Launch to ${clause(audience)} and watch the pool`
      : 'Launch to a small community and watch the pool',
    'Tune the payout share from real data',
  ];
};
