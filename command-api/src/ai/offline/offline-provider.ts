import {
  BUILDER_PARAMETER_KINDS,
  cut,
  GUIDED_PARAMETER_KINDS,
  MAX_PROMPT_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  PARAMETER_LISTS,
  parameterKey,
  technicalReportSchema,
  truncateWords,
  type FlowStage,
  type GuidedParameterList,
  type ParameterKind,
  type ParameterListName,
} from '@vis/domain';
import type { AiContext, AiInput, AiOutput, AiProvider, AiUse, StageFieldValue } from '../provider.ts';
import { seededRandom, type Seeded } from './seeded.ts';
import { offlineEnhancedPrompt } from './enhanced-prompt.ts';
import { noteLabel } from '../context.ts';
import { auditOf, conceptsFor, IMPLEMENTATION_STEPS, ideaPhrase, keywordsOf, nameOf, stageText } from './texts.ts';
import { BUILDER_TEMPLATES, BUILDER_VOCABULARY, GUIDED_TEMPLATES, GUIDED_VOCABULARY, type PhraseTemplate } from './vocabulary.ts';

export const OFFLINE_MODEL = 'offline-generator';
/** Bump with a change to what the generator writes, as a prompt's version is bumped. */
const GENERATOR_VERSION = 3;

const wordCount = (text: string) => text.trim().split(/\s+/).length;
/** Words a cut phrase may not end on: 'Live counter of' is no parameter, 'Live counter' is. */
const DANGLING = new Set(
  'a about after an and as at before by for from in into of on or per showing than that the to when where who with'.split(' '),
);

/**
 * Every phrase a template makes, with what it is made of: the template itself and the alternatives it chose
 * (to spread them over an answer).
 */
const phrasesOf = (template: PhraseTemplate, index: number) =>
  template.reduce<{ text: string; choices: string[] }[]>(
    (phrases, slot) =>
      phrases.flatMap(({ text, choices }) =>
        (typeof slot === 'string' ? [slot] : slot).map((option) => ({
          text: text ? `${text} ${option}` : option,
          choices: typeof slot === 'string' ? choices : [...choices, option.toLowerCase()],
        })),
      ),
    [{ text: '', choices: [`template ${index}`] }],
  );

interface SuggestionRules {
  count: number;
  minWords: number;
  maxWords: number;
  exclude: readonly string[];
  /** Phrases for when the hand-written pool runs out (none for names, which are never made up). */
  templates?: readonly PhraseTemplate[];
  /** Names (micro-sites) are never cut: a cut name is no longer the name. */
  names?: boolean;
}

/**
 * Up to `count` suggestions, in the request's own order (the seed is the request, idea included): the kind's
 * hand-written pool first, then its templates' phrases, none of them excluded or repeated (compared without case
 * or punctuation), each within the word range. Fewer than `count` come back only when both are used up; and when
 * the caller's `maxWords` is shorter than anything the kind has, entries are cut at a word that can end a phrase
 * (never names), so that an answer is empty only when everything is excluded.
 */
const suggestionsFrom = (rng: Seeded, pool: readonly string[], rules: SuggestionRules) => {
  const { count, maxWords, exclude } = rules;
  const minWords = Math.min(rules.minWords, maxWords);
  const taken = new Set(exclude.map(parameterKey));
  const fits = (text: string) => wordCount(text) >= minWords && wordCount(text) <= maxWords;
  const chosen: string[] = [];
  const consider = (text: string) => {
    const key = parameterKey(text);
    if (chosen.length >= count || !fits(text) || key === '' || taken.has(key)) return;
    taken.add(key);
    chosen.push(text);
  };
  const ordered = rng.shuffled(pool);
  for (const item of ordered) consider(item);

  // Composed phrases, spread: the next is the one whose template and words were used least, by this answer and
  // by the excluded ones, so that an answer (and the next round) reads 'Daily streak, Mystery drops', not
  // 'Daily streak, Daily countdown'.
  const phrases = rng.shuffled((rules.templates ?? []).flatMap((template, index) => phrasesOf(template, index)));
  const used = new Map<string, number>();
  const use = (choices: readonly string[]) => choices.forEach((choice) => used.set(choice, (used.get(choice) ?? 0) + 1));
  const usage = (choices: readonly string[]) => choices.reduce((sum, choice) => sum + (used.get(choice) ?? 0), 0);
  for (const { text, choices } of phrases) if (taken.has(parameterKey(text))) use(choices);
  const candidates = phrases.filter(({ text }) => fits(text) && !taken.has(parameterKey(text)));
  while (chosen.length < count && candidates.length > 0) {
    const next = candidates.reduce((best, phrase, index) => (usage(phrase.choices) < usage(candidates[best]!.choices) ? index : best), 0);
    const { text, choices } = candidates.splice(next, 1)[0]!;
    consider(text);
    use(choices);
  }

  const nothingFits = ![...ordered, ...phrases.map(({ text }) => text)].some((text) => wordCount(text) <= maxWords);
  if (nothingFits && !rules.names) for (const item of ordered) consider(cutToWords(item, maxWords));
  return chosen;
};

/** `text` cut to `maxWords`, without a dangling last word ('Public wall of' becomes 'Public wall'). */
const cutToWords = (text: string, maxWords: number) => {
  const words = truncateWords(text, maxWords)
    .replace(/[,;:]+$/, '')
    .split(' ');
  while (words.length > 1 && DANGLING.has(words[words.length - 1]!.toLowerCase())) words.pop();
  return words.join(' ').replace(/[,;:]+$/, '');
};

/** A guided list's suggestions, by its kind's rules. */
const guidedSuggestions = (
  rng: Seeded,
  list: GuidedParameterList,
  { count, exclude, kind = GUIDED_PARAMETER_KINDS[list] }: { count: number; exclude: readonly string[]; kind?: ParameterKind },
) =>
  suggestionsFrom(rng, GUIDED_VOCABULARY[list], {
    count,
    minWords: kind.minWords,
    maxWords: kind.maxWords,
    exclude,
    templates: GUIDED_TEMPLATES[list],
    names: list === 'micrositeParameters',
  });

const listsOfStage = (stage: 1 | 2) =>
  (Object.keys(GUIDED_PARAMETER_KINDS) as GuidedParameterList[]).filter((list) => PARAMETER_LISTS[list].stage === stage);

/** A sentence from a note the user wrote, or nothing when it is empty. */
const noteSentence = (context: AiContext, key: string) => {
  const value = context.notes[key]?.trim();
  return value ? `${noteLabel(key)}: ${/[.!?…"')]$/.test(value) ? value : `${value}.`}` : '';
};

/** The selected concept in a sentence: its name, core action and viral hook, those it has. */
const conceptSentence = (context: AiContext) => {
  const { concept } = context;
  if (!concept) return '';
  const action = concept.coreAction?.trim() ? ` — ${concept.coreAction.trim().replace(/[.!?]+$/, '')}` : '';
  const hook = concept.viralHook?.trim() ? ` Viral hook: ${concept.viralHook.trim().replace(/[.!?]+$/, '')}.` : '';
  return `Concept: ${concept.name}${action}.${hook}`;
};

/** What the page needs: the user's headline, visual, call to action and other elements where written. */
const pageText = (context: AiContext) => {
  const page = ['webpageHeadline', 'webpageVisual', 'webpageCta', 'webpageExplanation', 'webpageOtherElements']
    .map((key) => noteSentence(context, key))
    .filter(Boolean);
  const needs =
    'The page needs: a headline, a live counter of the pool, the one call to action, a share button and a short explanation of how payouts work.';
  return page.length > 0 ? `${needs}\n${page.map((sentence) => `- ${sentence}`).join('\n')}` : needs;
};

const promptText = (context: AiContext, rng: Seeded, heading: string) => {
  const name = context.notes.finalConceptName?.trim() || nameOf(context);
  const groups = Object.entries(context.lists).map(([list, values]) => `- ${PARAMETER_LISTS[list as ParameterListName].title}: ${values.join(', ')}`);
  const notes = (keys: readonly string[]) => keys.map((key) => noteSentence(context, key)).filter(Boolean);
  const idea = notes(['oneLinerPitch', 'detailedDescription', 'targetAudience']);
  const loops = notes([
    'rewardSource',
    'rewardFlow',
    'sustainabilityCheck',
    'externalitiesCheck',
    'viralLoopExplained',
    'sustainabilityLoopExplained',
    'whyMicro',
    'whyNoExternalities',
    'keyAssumptionsRisks',
  ]);
  const text = [
    `${heading} "${name}": ${ideaPhrase(context)}.`,
    conceptSentence(context),
    idea.join('\n'),
    rng.pick([
      'Build it as one simple page that anyone understands in five seconds.',
      'Keep it to a single page with one clear action and nothing to install.',
      'Make it one page, one action, one pool: simple enough to explain in a sentence.',
    ]),
    'Rewards are paid in XNO from a pool the players fund themselves (for example 10% of the last 24 hours of contributions each day, fed by a 1.5% fee), so the loop is closed and needs no outside money, nothing physical and no third parties.',
    context.parameters.length > 0 ? `Keep to these principles: ${context.parameters.join(', ')}.` : '',
    groups.length > 0 ? `Use these parameters:\n${groups.join('\n')}` : '',
    context.audienceSegments.length > 0 ? `Audience segments: ${context.audienceSegments.join(', ')}.` : '',
    loops.length > 0 ? `How it works, in your words:\n${loops.map((sentence) => `- ${sentence}`).join('\n')}` : '',
    pageText(context),
  ]
    .filter(Boolean)
    .join('\n\n');
  // Long notes could make it longer than a prompt may be: the end goes, the idea stays.
  return cut(text, MAX_PROMPT_LENGTH);
};

/** The technical report's idea section: the user's own concept, pitch, description and page where written. */
const detailedIdeaText = (context: AiContext, rng: Seeded) => {
  const own = [
    conceptSentence(context),
    ...['oneLinerPitch', 'detailedDescription', 'targetAudience', 'webpageHeadline', 'webpageCta'].map((key) => noteSentence(context, key)),
  ].filter(Boolean);
  const text = context.notes.detailedDescription?.trim() ? own.join('\n') : [stageText('detailedDescription', context, rng), ...own].join('\n');
  return cut(text, MAX_REPORT_TEXT_LENGTH);
};

const stageFields = (stage: FlowStage, context: AiContext, rng: Seeded, quick: boolean): Record<string, StageFieldValue> =>
  Object.fromEntries(
    Object.entries(stage.extractionFields).map(([field, shape]): [string, StageFieldValue] => {
      if (shape === 'concepts') return [field, conceptsFor(context, rng, quick ? 2 : 3)];
      if (shape === 'text') return [field, stageText(field, context, rng)];
      const count = quick ? 3 : 5;
      const exclude = context.lists[field as ParameterListName] ?? [];
      if (Object.hasOwn(GUIDED_PARAMETER_KINDS, field)) return [field, guidedSuggestions(rng, field as GuidedParameterList, { count, exclude })];
      return [field, suggestionsFrom(rng, IMPLEMENTATION_STEPS, { count, minWords: 1, maxWords: 10, exclude })];
    }),
  );

type Generators = { [U in AiUse]: (input: AiInput<U>, rng: Seeded) => AiOutput<U> };

const generators: Generators = {
  parameters: ({ list, kind, count, exclude }, rng) => ({
    parameters: guidedSuggestions(rng, list, { count, exclude, kind }),
  }),
  builderParameter: ({ kind, count, maxWords, exclude }, rng) => ({
    parameters: suggestionsFrom(rng, BUILDER_VOCABULARY[kind], {
      count,
      minWords: BUILDER_PARAMETER_KINDS[kind].minWords,
      maxWords: Math.min(maxWords, BUILDER_PARAMETER_KINDS[kind].maxWords),
      exclude,
      templates: BUILDER_TEMPLATES[kind],
    }),
  }),
  enhancedPrompt: offlineEnhancedPrompt,
  finalPrompt: ({ context }, rng) => ({ finalPrompt: promptText(context, rng, 'Build'), incompatibleParameters: auditOf(context) }),
  parameterAudit: ({ context }) => ({ incompatibleParameters: auditOf(context) }),
  modifiedPrompt: ({ existingPrompt, removeParameters }) => {
    // Each removed parameter goes, with the list separator that held it in place.
    const finalPrompt = removeParameters.reduce((prompt, parameter) => {
      const escaped = parameter.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return escaped
        ? prompt.replace(new RegExp(`(,\\s*)?${escaped}(\\s*,\\s*)?`, 'gi'), (_, before, after) => (before && after ? ', ' : ''))
        : prompt;
    }, existingPrompt);
    return { finalPrompt: finalPrompt.replace(/:\s*\n/g, ':\n').trim() || existingPrompt };
  },
  technicalReport: ({ context }, rng) => {
    const tech = context.lists.techParameters?.length ? context.lists.techParameters : rng.shuffled(GUIDED_VOCABULARY.techParameters).slice(0, 4);
    const name = nameOf(context);
    return technicalReportSchema.parse({
      technicalSpecifications: {
        architecture: stageText('architecture', context, rng),
        frontend: 'One responsive HTML page with a little JavaScript; no framework needed for the first version.',
        backend: `A small API that records plays, keeps the pool ledger and runs the payout job (${tech.join(', ')}).`,
        database: 'A key-value store: the pool balance, the last 24 hours of contributions, and payouts by day.',
        api: 'POST /play, GET /pool, GET /winners, and a WebSocket for the live counter.',
        security: 'Rate limits and one payout per wallet per day against bots; the payout job is idempotent so a retry never pays twice.',
        scalability: 'The page is static and cached; only plays reach the API, and the payout job runs once a day.',
      },
      prototypeStructure: {
        mvpDefinition: stageText('mvpDefinition', context, rng),
        coreFeatures: [
          context.concept?.coreAction?.trim() ? `The core action: ${context.concept.coreAction.trim()}` : 'The one core action',
          ...(context.notes.webpageHeadline?.trim() ? [`Headline: ${context.notes.webpageHeadline.trim()}`] : []),
          ...(context.notes.webpageCta?.trim() ? [`Call to action: ${context.notes.webpageCta.trim()}`] : []),
          'Live pool counter',
          'Daily payout in XNO',
          context.concept?.viralHook?.trim() ? `Share card: ${context.concept.viralHook.trim()}` : 'Share card',
        ],
        implementation: `Build ${name} in the order of the plan below; each phase ships on its own.`,
        timeline: 'Two weeks for the page and ledger, one for payouts, one for sharing.',
        testing: 'Simulate a month of plays to check the pool never goes negative; test payouts on the XNO test network first.',
      },
      implementationPlan: {
        phases: ['Page and core action', 'Pool ledger and payouts', 'Sharing and referrals', 'Launch and tuning'],
        resources: ['One full-stack developer', 'An XNO wallet for the pool', 'A CDN and a small server'],
        roadmap: 'Launch to one community, measure returning players, then open it up.',
        risks: ['Bots draining the pool', 'Novelty fading', 'Wallet onboarding friction'],
        metrics: ['Daily players', 'Return rate after 7 days', 'Pool size', 'Shares per player'],
      },
      parameterAudit: { incompatibleParameters: auditOf(context) },
      detailedIdea: detailedIdeaText(context, rng),
    });
  },
  processQuery: ({ context, query, stage }, rng) => {
    const topic = keywordsOf(query)[0];
    return {
      response: [
        `For the ${stage.title} stage of ${nameOf(context)}: ${stage.description}`,
        topic ? `On "${topic}": keep it inside the loop, so that whatever it costs is paid by the pool and whatever it earns feeds it.` : '',
        stageText(Object.keys(stage.extractionFields).find((field) => stage.extractionFields[field] === 'text') ?? 'keyInsights', context, rng),
      ]
        .filter(Boolean)
        .join(' '),
      suggestions: rng
        .shuffled([
          `List the ${Object.keys(stage.extractionFields)[0]?.replace(/Parameters$/, '')} options for this stage`,
          'Check every parameter against "no externalities"',
          'Describe the one action a visitor takes',
          'Say how the pool is funded and paid out',
          'Name who shares it first and why',
        ])
        .slice(0, 3),
    };
  },
  promptSequence: ({ context, stage, input }, rng) => {
    const subject = input.trim() || ideaPhrase(context);
    const fields = Object.keys(stage.extractionFields);
    return {
      prompts: [
        `${stage.defaultPrompt} The idea: ${subject}.`,
        ...rng
          .shuffled(fields)
          .slice(0, 2)
          .map(
            (field) =>
              `Now list the strongest ${field
                .replace(/([A-Z])/g, ' $1')
                .toLowerCase()
                .trim()} for it, and say why each fits a closed loop.`,
          ),
        `Check the results against the rules: one page, self-funded XNO rewards, no externalities. Drop what breaks them.`,
      ],
    };
  },
  ideaStage: ({ context, stage, focusOn, iterations, quick }, rng) => {
    const fields = stageFields(stage, context, rng, quick);
    const focus = focusOn.trim() ? ` with a focus on ${focusOn.trim()}` : '';
    const refined = iterations > 1 ? `, refined over ${iterations} iterations` : '';
    return { fields, summary: `${stage.title} results for ${nameOf(context)}${focus}${refined}.` };
  },
  quickIdea: ({ context }, rng) => {
    const lists: Partial<Record<ParameterListName, string[]>> = {};
    for (const list of [...listsOfStage(1), ...listsOfStage(2)]) {
      lists[list] = guidedSuggestions(rng, list, { count: 4, exclude: context.lists[list] ?? [] });
    }
    const concepts = conceptsFor(context, rng);
    const chosen: AiContext = { ...context, concept: concepts[0] ?? null, lists: { ...context.lists, ...lists } };
    const notes = Object.fromEntries(
      [
        'selectedIdeaName',
        'rewardSource',
        'rewardFlow',
        'sustainabilityCheck',
        'externalitiesCheck',
        'finalConceptName',
        'oneLinerPitch',
        'detailedDescription',
        'viralLoopExplained',
        'sustainabilityLoopExplained',
      ].map((field) => [field, stageText(field, chosen, rng)]),
    );
    return { projectName: concepts[0]?.name ?? (context.projectName || 'Quick Idea'), lists, concepts, notes };
  },
};

/**
 * The built-in generator for when no Gemini key is configured (the embedded default): plausible answers
 * from the product's own vocabulary and the idea's words, the same answer for the same request (seeded by the
 * request itself), never an excluded parameter.
 */
export const createOfflineProvider = (): AiProvider => ({
  name: 'offline',
  model: OFFLINE_MODEL,
  run: async (use, input) => {
    const rng = seededRandom(JSON.stringify([use, input]));
    const generate = generators[use] as (input: unknown, rng: Seeded) => AiOutput<typeof use>;
    return { output: generate(input, rng), promptVersion: `offline-${use}@${GENERATOR_VERSION}` };
  },
});
