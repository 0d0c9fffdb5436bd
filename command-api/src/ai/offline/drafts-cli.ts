/**
 * Prints what the offline generator drafts for stages 3, 4 and 5 of two different projects, the way the guided
 * stages ask for them (concepts, then the mechanics of a selected concept, then its refinement), to be read:
 * `npx tsx command-api/src/ai/offline/drafts-cli.ts`.
 */
import { FLOW_STAGES, type IdeaConcept } from '@vis/domain';
import { emptyContext } from '../context.ts';
import type { AiContext, StageFieldValue } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';

export const SAMPLE_PROJECTS: readonly AiContext[] = [
  {
    ...emptyContext(),
    projectName: 'Tip Wall',
    coreIdea: 'A wall where every tip joins a pool that pays the best messages daily',
    parameters: ['crypto reward', 'self-funded', 'viral', 'simple page', 'no externalities', 'one-page', 'no physical', 'realistic'],
    lists: {
      viralParameters: ['Social proof', 'FOMO', 'Bragging rights'],
      techParameters: ['XNO payments', 'Static page', 'WebSockets'],
      challengeParameters: ['Spam contributions', 'Moderating public messages'],
      rewardSourceParameters: ['Fee on each message posted', 'Tips between players'],
      rewardFlowParameters: ['Daily 10% pool payout', 'Votes decide who gets paid'],
      sustainabilityParameters: ['Payouts capped by pool', 'Minimum pool floor'],
      externalitiesParameters: ['No ads or trackers', 'No sign-up or email'],
      audienceTypeParameters: ['Streamers and viewers', 'Small online artists'],
      audienceMotivationParameters: ['See their name in public'],
      audienceReachParameters: ['Creators embed the page in streams', 'Stickers with QR codes at conferences'],
    },
  },
  {
    ...emptyContext(),
    projectName: 'Birdsong Guess',
    coreIdea: 'Players guess which bird is singing in a daily recording; correct guesses split the pool',
    parameters: ['XNO Crypto', 'Self-Funded', 'Viral', 'Simple Page', 'No Externalities'],
    lists: {
      viralParameters: ['Curiosity gap', 'Streak pressure', 'Shareable result'],
      techParameters: ['Nano wallet', 'Serverless API', 'Canvas rendering'],
      challengeParameters: ['Keeping rounds fair across time zones', 'Bots and sybil abuse'],
      rewardSourceParameters: ['Small play fee per round', 'Streak insurance bought by players'],
      rewardFlowParameters: ['Equal split among participants', 'Streak-based payout multiplier'],
      sustainabilityParameters: ['Fees exceed payouts', 'Daily solvency check'],
      externalitiesParameters: ['No outside price feeds needed', 'Nothing to ship or store'],
      audienceTypeParameters: ['Puzzle fans', 'Retired hobbyists'],
      audienceMotivationParameters: ['Have a daily ritual', 'Prove a skill'],
      audienceReachParameters: ['Results shared as emoji grids', 'Weekly thread in crypto subreddits'],
    },
  },
];

const offline = createOfflineProvider();
const draft = async (stage: keyof typeof FLOW_STAGES, context: AiContext) =>
  (
    await offline.run('ideaStage', {
      context,
      stage: FLOW_STAGES[stage],
      prompt: FLOW_STAGES[stage].defaultPrompt,
      focusOn: '',
      iterations: 1,
      quick: false,
    })
  ).output.fields;

/** The drafts a person gets walking stages 3 to 5, selecting each of the first two concepts in turn. */
export const draftsOf = async (project: AiContext) => {
  const ideation = await draft('ideation', project);
  const concepts = ideation.ideaConcepts as IdeaConcept[];
  const drafts: { title: string; fields: Record<string, StageFieldValue> }[] = [{ title: 'Stage 3 (ideation)', fields: ideation }];
  for (const concept of concepts.slice(0, 2)) {
    const selected = { ...project, concept };
    const mechanics = await draft('mechanics', selected);
    drafts.push({ title: `Stage 4 (mechanics), "${concept.name}" selected`, fields: mechanics });
    const withNotes = {
      ...selected,
      notes: Object.fromEntries(Object.entries(mechanics).map(([key, value]) => [key, typeof value === 'string' ? value : ''])),
    };
    drafts.push({ title: `Stage 5 (refinement), "${concept.name}" selected`, fields: await draft('refinement', withNotes) });
  }
  return drafts;
};

const main = async () => {
  for (const project of SAMPLE_PROJECTS) {
    console.log(`\n######## ${project.projectName}: ${project.coreIdea}`);
    for (const { title, fields } of await draftsOf(project)) {
      console.log(`\n=== ${title}`);
      for (const [field, value] of Object.entries(fields)) {
        if (Array.isArray(value)) for (const item of value) console.log(`- ${JSON.stringify(item)}`);
        else console.log(`${field}: ${value}`);
      }
    }
    const { output } = await offline.run('parameterAudit', { context: project });
    console.log('\n=== Audit');
    for (const finding of output.incompatibleParameters) console.log(`- ${finding.reason}`);
  }
};

if (process.argv[1]?.endsWith('drafts-cli.ts')) await main();
