import { ideaConceptSchema, PARAMETER_LIST_NAMES } from '@vis/domain';
import { z } from 'zod';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF, shortText } from './context.ts';
import { definePrompt } from './prompt-module.ts';

const NOTE_FIELDS = [
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
] as const;

/** Quick Start (spec 01 §2 /generator, §7 quick-generate-idea): every stage of a project from a core idea at once. */
export const quickIdeaPrompt = definePrompt({
  use: 'quickIdea',
  version: 'quick-idea@1',
  build: ({ context }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      "Develop this core idea through all five stages at once: research parameters, reward and audience analysis, three to five concepts with simplicity scores from 0 to 5, the chosen concept's mechanics, and the refined final concept.",
      answerAsJson(
        JSON.stringify({
          projectName: '',
          lists: Object.fromEntries(PARAMETER_LIST_NAMES.filter((list) => list !== 'parameters').map((list) => [list, ['']])),
          concepts: [{ name: '', simplicityScore: 4, coreAction: '', viralHook: '' }],
          notes: Object.fromEntries(NOTE_FIELDS.map((field) => [field, ''])),
        }),
      ),
    ].join('\n\n'),
  output: z.object({
    projectName: shortText.default(''),
    lists: z.partialRecord(z.enum(PARAMETER_LIST_NAMES), z.array(shortText).max(30)).default(() => ({})),
    concepts: z
      .array(ideaConceptSchema)
      .max(10)
      .default(() => []),
    notes: z.partialRecord(z.enum(NOTE_FIELDS), longText).default(() => ({})),
  }),
});
