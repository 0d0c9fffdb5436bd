import {
  BUILDER_PARAMETER_KINDS,
  GUIDED_PARAMETER_KINDS,
  PARAMETER_LISTS,
  parameterKey,
  technicalReportSchema,
  truncateWords,
  type FlowStage,
  type GuidedParameterList,
  type ParameterListName,
} from '@vis/domain';
import type { AiContext, AiInput, AiOutput, AiProvider, AiUse, StageFieldValue } from '../provider.ts';
import { seededRandom, type Seeded } from './seeded.ts';
import { auditOf, conceptsFor, IMPLEMENTATION_STEPS, ideaPhrase, keywordsOf, nameOf, stageText } from './texts.ts';
import { BUILDER_VOCABULARY, GUIDED_VOCABULARY, VARIANT_PREFIXES } from './vocabulary.ts';

export const OFFLINE_MODEL = 'offline-generator';
/** Bump with a change to what the generator writes, as a prompt's version is bumped. */
const GENERATOR_VERSION = 1;

const wordCount = (text: string) => text.trim().split(/\s+/).length;
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

/**
 * `count` suggestions from `pool` in the request's own order (the seed is the request, idea included), none of
 * them excluded (compared without case or punctuation), each within `maxWords`. When the pool runs out,
 * prefixed variants of its entries follow, so a long exclusion list still gets fresh answers.
 */
const suggestionsFrom = (
  rng: Seeded,
  pool: readonly string[],
  { count, maxWords, exclude }: { count: number; maxWords: number; exclude: readonly string[] },
) => {
  const taken = new Set(exclude.map(parameterKey));
  const chosen: string[] = [];
  const consider = (text: string) => {
    if (chosen.length >= count || wordCount(text) > maxWords) return;
    const key = parameterKey(text);
    if (key === '' || taken.has(key)) return;
    taken.add(key);
    chosen.push(text);
  };
  const ordered = rng.shuffled(pool);
  for (const item of ordered) consider(item);
  for (const prefix of rng.shuffled(VARIANT_PREFIXES)) for (const item of ordered) consider(`${prefix} ${lowerFirst(item)}`);
  for (const item of ordered) consider(truncateWords(item, maxWords));
  return chosen;
};

const listsOfStage = (stage: 1 | 2) =>
  (Object.keys(GUIDED_PARAMETER_KINDS) as GuidedParameterList[]).filter((list) => PARAMETER_LISTS[list].stage === stage);

const promptText = (context: AiContext, rng: Seeded, heading: string) => {
  const name = nameOf(context);
  const groups = Object.entries(context.lists).map(([list, values]) => `- ${PARAMETER_LISTS[list as ParameterListName].title}: ${values.join(', ')}`);
  return [
    `${heading} "${name}": ${ideaPhrase(context)}.`,
    rng.pick([
      'Build it as one simple page that anyone understands in five seconds.',
      'Keep it to a single page with one clear action and nothing to install.',
      'Make it one page, one action, one pool: simple enough to explain in a sentence.',
    ]),
    'Rewards are paid in XNO from a pool the players fund themselves (for example 10% of the last 24 hours of contributions each day, fed by a 1.5% fee), so the loop is closed and needs no outside money, nothing physical and no third parties.',
    context.parameters.length > 0 ? `Keep to these principles: ${context.parameters.join(', ')}.` : '',
    groups.length > 0 ? `Use these parameters:\n${groups.join('\n')}` : '',
    context.audienceSegments.length > 0 ? `Audience segments: ${context.audienceSegments.join(', ')}.` : '',
    context.concept ? `Concept: ${context.concept.name}${context.concept.coreAction ? ` — ${context.concept.coreAction}` : ''}.` : '',
    'The page needs: a headline, a live counter of the pool, the one call to action, a share button and a short explanation of how payouts work.',
  ]
    .filter(Boolean)
    .join('\n\n');
};

const stageFields = (stage: FlowStage, context: AiContext, rng: Seeded, quick: boolean): Record<string, StageFieldValue> =>
  Object.fromEntries(
    Object.entries(stage.extractionFields).map(([field, shape]): [string, StageFieldValue] => {
      if (shape === 'concepts') return [field, conceptsFor(context, rng, quick ? 2 : 3)];
      if (shape === 'text') return [field, stageText(field, context, rng)];
      const pool = (GUIDED_VOCABULARY as Record<string, readonly string[]>)[field] ?? IMPLEMENTATION_STEPS;
      const exclude = context.lists[field as ParameterListName] ?? [];
      return [field, suggestionsFrom(rng, pool, { count: quick ? 3 : 5, maxWords: 8, exclude })];
    }),
  );

type Generators = { [U in AiUse]: (input: AiInput<U>, rng: Seeded) => AiOutput<U> };

const generators: Generators = {
  parameters: ({ list, kind, count, exclude }, rng) => ({
    parameters: suggestionsFrom(rng, GUIDED_VOCABULARY[list], { count, maxWords: kind.maxWords, exclude }),
  }),
  builderParameter: ({ kind, count, maxWords, exclude }, rng) => ({
    parameters: suggestionsFrom(rng, BUILDER_VOCABULARY[kind], {
      count,
      maxWords: Math.min(maxWords, BUILDER_PARAMETER_KINDS[kind].maxWords),
      exclude,
    }),
  }),
  enhancedPrompt: ({ context }, rng) => ({ enhancedPrompt: promptText(context, rng, 'Create') }),
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
        coreFeatures: ['The one core action', 'Live pool counter', 'Daily payout in XNO', 'Share card'],
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
      detailedIdea: stageText('detailedDescription', context, rng),
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
      lists[list] = suggestionsFrom(rng, GUIDED_VOCABULARY[list], {
        count: 4,
        maxWords: GUIDED_PARAMETER_KINDS[list].maxWords,
        exclude: context.lists[list] ?? [],
      });
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
