import { cut, MAX_PROMPT_LENGTH, MAX_REPORT_TEXT_LENGTH, PARAMETER_LISTS, type BuilderCategory, type ParameterListName } from '@vis/domain';
import { noteLabel } from '../context.ts';
import type { AiContext, AiOutput, BuilderContext } from '../provider.ts';
import type { Seeded } from './seeded.ts';
import { ideaPhrase, nameOf } from './texts.ts';

/**
 * What each builder step's values are for, as a heading a person (and the AI tool they paste the prompt into)
 * reads: the step's own name, then what its values mean for the page.
 */
const STEP_HEADINGS: Record<BuilderCategory, { heading: string; use: string }> = {
  technical: { heading: 'Technical framework', use: 'Build it with' },
  sustainability: { heading: 'Closed-loop system', use: 'Keep the reward loop funded from inside itself with' },
  socialCurrency: { heading: 'Social currency: what sharing says about the sharer', use: 'Make sharing look good with' },
  emotion: { heading: 'Emotion: what the page should make people feel', use: 'Design every screen to stir' },
  public: { heading: 'Public: how people see others taking part', use: 'Make participation visible with' },
  practicalValue: { heading: 'Practical value: what a visitor takes away', use: 'Give every visitor' },
  stories: { heading: 'Stories: the narrative people retell', use: 'Build the story around' },
  community: { heading: 'Community: how participants own and grow it', use: 'Let the community own it through' },
};

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?…"')]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};
const bullets = (values: readonly string[]) => values.map((value) => `- ${value}`).join('\n');
const section = (heading: string, body: string) => (body.trim() === '' ? '' : `## ${heading}\n${body}`);

const REWARD_LOOP =
  'Rewards are paid in XNO from a pool the participants fund themselves (for example 10% of the last 24 hours of contributions each day, fed by a 1.5% fee): the loop is closed, needs no outside money, nothing physical and no third parties.';

const DELIVERABLES = [
  'One responsive page, understood in five seconds, with nothing to install.',
  'A headline that states the idea, the one action a visitor takes, and a live counter of the pool.',
  'A share button whose card carries the social currency and the story above.',
  'A short explanation of how the pool is funded and paid out.',
  'Use every value listed above; where two pull in different directions, keep the page simple and the loop closed.',
];

/** A builder project's prompt: every step's values under its own heading, ready to paste into an AI builder tool. */
const builderPrompt = (context: AiContext, builder: BuilderContext, rng: Seeded) => {
  const name = nameOf(context);
  const opening = rng.pick([
    `Build "${name}", a one-page viral web site.`,
    `Create "${name}": a single web page built to spread.`,
    `Design and build "${name}" as one page that people pass on.`,
  ]);
  const steps = builder.steps
    .filter(({ values }) => values.length > 0)
    .map(({ category, values }) => {
      const { heading, use } = STEP_HEADINGS[category];
      return section(heading, `${use}:\n${bullets(values)}`);
    });
  const missing = builder.steps.filter(({ values }) => values.length === 0).map(({ name: step }) => step);
  return [
    opening,
    section('The idea', sentence(context.coreIdea || ideaPhrase(context))),
    builder.viralMechanics.trim() ? section('Why people share it (viral mechanics)', sentence(builder.viralMechanics)) : '',
    ...steps,
    section('Rewards', REWARD_LOOP),
    section('What to deliver', bullets(DELIVERABLES)),
    missing.length > 0 ? `Not decided yet, choose what fits the idea best: ${missing.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
};

/** Any other project: its lists and notes under their readable names. */
const projectPrompt = (context: AiContext, rng: Seeded) => {
  const lists = Object.entries(context.lists).map(([list, values]) => section(PARAMETER_LISTS[list as ParameterListName].title, bullets(values)));
  const concept = context.concept
    ? section(
        'Concept',
        [context.concept.name, context.concept.coreAction, context.concept.viralHook]
          .filter((part): part is string => Boolean(part?.trim()))
          .map(sentence)
          .join(' '),
      )
    : '';
  const notes = Object.entries(context.notes).map(([key, value]) => `- ${noteLabel(key)}: ${sentence(value)}`);
  return [
    rng.pick([`Build "${nameOf(context)}", a one-page viral web site.`, `Create "${nameOf(context)}": a single web page built to spread.`]),
    section('The idea', sentence(ideaPhrase(context))),
    concept,
    context.parameters.length > 0 ? section('Principles', bullets(context.parameters)) : '',
    ...lists,
    context.audienceSegments.length > 0 ? section('Audience', bullets(context.audienceSegments)) : '',
    section('In your words', notes.join('\n')),
    section('Rewards', REWARD_LOOP),
    section('What to deliver', bullets(DELIVERABLES)),
  ]
    .filter(Boolean)
    .join('\n\n');
};

/** The viral steps (STEPPS) the builder scores the idea on; the technical and loop steps are checked apart. */
const VIRAL_STEPS: readonly BuilderCategory[] = ['socialCurrency', 'emotion', 'public', 'practicalValue', 'stories', 'community'];

/**
 * Step 8's analysis (spec 02 §2.7): how complete the viral picture is, what is strong, what is missing and what to
 * do next, from the builder's own values.
 */
const analysisReport = (context: AiContext, builder: BuilderContext) => {
  const byCategory = new Map(builder.steps.map((step) => [step.category, step]));
  const filled = VIRAL_STEPS.filter((category) => (byCategory.get(category)?.values.length ?? 0) > 0);
  const empty = VIRAL_STEPS.filter((category) => !filled.includes(category)).map((category) => byCategory.get(category)?.name ?? category);
  const strongest = [...builder.steps].filter(({ category }) => VIRAL_STEPS.includes(category)).sort((a, b) => b.values.length - a.values.length)[0];
  const loop = byCategory.get('sustainability')?.values ?? [];
  const tech = byCategory.get('technical')?.values ?? [];
  const lines = [
    `Viral strength: ${filled.length} of ${VIRAL_STEPS.length} sharing drivers are set for "${nameOf(context)}".`,
    strongest && strongest.values.length > 0
      ? `Strongest step: ${strongest.name}, with ${strongest.values.length} value${strongest.values.length === 1 ? '' : 's'} (${strongest.values.slice(0, 3).join(', ')}).`
      : '',
    builder.viralMechanics.trim()
      ? `Sharing mechanism: ${sentence(builder.viralMechanics)}`
      : 'Sharing mechanism: not described yet. Say in a sentence why a visitor passes the page on.',
    loop.length > 0
      ? `Closed loop: kept by ${loop.join(', ')}. Check that every payout comes from the pool these feed.`
      : 'Closed loop: no sustainability principle is set, so nothing yet says where the rewards come from.',
    tech.length > 0 ? `Build: ${tech.join(', ')}. Keep it to one page the first version can ship.` : '',
    empty.length > 0 ? `Gaps: ${empty.join(', ')}. Add at least one value to each before building.` : 'Gaps: none; every sharing driver has a value.',
    `Next step: paste the enhanced prompt into your AI builder tool, build the page, and test it with ten people before adding anything.`,
  ];
  return cut(lines.filter(Boolean).join('\n'), MAX_REPORT_TEXT_LENGTH);
};

/**
 * The offline enhanced prompt: a builder project's core idea, viral mechanics and every step's values under
 * readable headings, with the analysis report; any other project's lists and notes the same way.
 */
export const offlineEnhancedPrompt = ({ context }: { context: AiContext }, rng: Seeded): AiOutput<'enhancedPrompt'> => {
  if (!context.builder) return { enhancedPrompt: cut(projectPrompt(context, rng), MAX_PROMPT_LENGTH) };
  return {
    enhancedPrompt: cut(builderPrompt(context, context.builder, rng), MAX_PROMPT_LENGTH),
    analysisReport: analysisReport(context, context.builder),
  };
};
