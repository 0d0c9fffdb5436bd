import { z } from 'zod';
import type { AiContext, BuilderContext } from '../provider.ts';
import { answerAsJson, describeContext, longText, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** A builder project told step by step: the core idea, the viral mechanics and each step's values under its name. */
const describeBuilder = (context: AiContext, builder: BuilderContext) =>
  [
    `Project name: ${context.projectName || 'My Viral Idea'}`,
    `Step 1, Core Idea: ${context.coreIdea || '(not written yet)'}`,
    `Step 1, Viral mechanics (why people share it): ${builder.viralMechanics || '(not written yet)'}`,
    ...builder.steps.map(({ step, name, values }) => `Step ${step}, ${name}: ${values.length > 0 ? values.join('; ') : '(none chosen)'}`),
  ].join('\n');

/**
 * The builder's step 8, Complete Prompt (spec 02 §2.7): everything the steps gathered, as one prompt to build from,
 * and the AI analysis report the step shows beside it.
 */
export const enhancedPromptPrompt = definePrompt({
  use: 'enhancedPrompt',
  version: 'enhanced-prompt@2',
  build: ({ context }) =>
    context.builder
      ? [
          PRODUCT_BRIEF,
          'The person filled in the nine-step viral idea builder:',
          describeBuilder(context, context.builder),
          [
            'Write one complete prompt they can paste into an AI site builder or coding assistant to build this one-page idea.',
            'Use the core idea and the viral mechanics, and name every value of every step under a readable heading per step',
            '(Technical framework, Closed-loop system, Social currency, Emotion, Public, Practical value, Stories, Community);',
            'say what to build, how the reward loop stays closed, and what the page must contain.',
            'Then write a short analysis report of the idea: its viral strength, the strongest step, the gaps and the next step.',
          ].join(' '),
          answerAsJson('{"enhancedPrompt": "...", "analysisReport": "..."}'),
        ].join('\n\n')
      : [
          PRODUCT_BRIEF,
          describeContext(context),
          'Write one complete, well-structured prompt that a developer or an AI coding assistant could build this one-page idea from:',
          'the concept, the viral mechanics, the closed-loop reward system, the page layout and the technical framework.',
          answerAsJson('{"enhancedPrompt": "..."}'),
        ].join('\n\n'),
  output: z.object({ enhancedPrompt: longText, analysisReport: longText.optional() }),
});
