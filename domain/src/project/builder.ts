import { z } from 'zod';
import type { BuilderParameterKind } from '../ai/parameter-kinds.ts';

/** Business constants of the nine-step builder (spec 02 §2.7, §4, §5, §9). */

/** A project is worked on either through the guided stages (spec 01) or the nine-step builder (spec 02 §2.6). */
export const PROJECT_KINDS = ['guided', 'builder'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];
/** Projects created before there were two kinds carry no kind: they are guided. */
export const DEFAULT_PROJECT_KIND: ProjectKind = 'guided';

/** The /game screen creates its project under this name (spec 02 §2.6, §7 publish payload). */
export const DEFAULT_BUILDER_PROJECT_NAME = 'My Viral Idea';

export const BUILDER_CORE_IDEA_MAX_WORDS = 60;
export const BUILDER_VIRAL_MECHANICS_MAX_WORDS = 40;
/** Far above 60 words of any language: the word count is the rule, this only bounds an event's size. */
export const MAX_BUILDER_TEXT_LENGTH = 2000;
/** Bounds the client's elapsed-time timer: a year of seconds. */
export const MAX_BUILDER_TIME_SPENT_SECONDS = 366 * 24 * 60 * 60;

/**
 * The parameter categories and the step that shows each. `maxWords` is the add rule (spec 02 §5: 3 by default,
 * 10 for the later steps); `kind` is the suggestion kind the AI is asked for (spec 02 §7).
 */
export const BUILDER_CATEGORIES = {
  technical: { step: 1, title: 'Technical Framework', maxWords: 3, kind: 'coreTechnology' },
  sustainability: { step: 2, title: 'Sustainability', maxWords: 3, kind: 'sustainabilityPrinciple' },
  socialCurrency: { step: 3, title: 'Social Currency', maxWords: 10, kind: 'socialCurrency' },
  emotion: { step: 4, title: 'Emotion', maxWords: 10, kind: 'emotionalTriggers' },
  public: { step: 5, title: 'Public', maxWords: 10, kind: 'publicVisibility' },
  practicalValue: { step: 6, title: 'Practical Value', maxWords: 10, kind: 'practicalBenefits' },
  stories: { step: 7, title: 'Stories', maxWords: 10, kind: 'narrativeElements' },
  community: { step: 9, title: 'Community', maxWords: 10, kind: 'communityOwnership' },
} as const satisfies Record<string, { step: number; title: string; maxWords: number; kind: BuilderParameterKind }>;

export type BuilderCategory = keyof typeof BUILDER_CATEGORIES;
export const BUILDER_CATEGORY_NAMES = Object.keys(BUILDER_CATEGORIES) as [BuilderCategory, ...BuilderCategory[]];
export const builderCategorySchema = z.enum(BUILDER_CATEGORY_NAMES);

const CATEGORY_OF_KIND = new Map<string, BuilderCategory>(BUILDER_CATEGORY_NAMES.map((category) => [BUILDER_CATEGORIES[category].kind, category]));
/** The category whose suggestions are asked for with this kind (an AI suggestion's `kind`); undefined for others. */
export const builderCategoryOfKind = (kind: string): BuilderCategory | undefined => CATEGORY_OF_KIND.get(kind);

/** The nine steps in the order the notes list them: Complete Prompt (8) comes before Community (9). */
export const BUILDER_STEPS = [
  { step: 1, name: 'Core Idea' },
  { step: 2, name: 'Closed Loop System' },
  { step: 3, name: 'Social Currency' },
  { step: 4, name: 'Emotion' },
  { step: 5, name: 'Public' },
  { step: 6, name: 'Practical Value' },
  { step: 7, name: 'Stories' },
  { step: 8, name: 'Complete Prompt' },
  { step: 9, name: 'Community' },
] as const;
export const BUILDER_STEP_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type BuilderStep = (typeof BUILDER_STEP_NUMBERS)[number];
export const builderStepSchema = z.literal(BUILDER_STEP_NUMBERS);
export const LAST_BUILDER_STEP: BuilderStep = 9;

export const builderStepName = (step: BuilderStep): string => BUILDER_STEPS[step - 1]!.name;

export type BuilderCategoryState = { active: boolean; params: string[] };

export type BuilderState = {
  coreIdea: string;
  viralMechanics: string;
  categories: Record<BuilderCategory, BuilderCategoryState>;
  /** Always 1…n without gaps: a step is only completed once every earlier one is. */
  completedSteps: BuilderStep[];
  currentStep: BuilderStep;
  enhancedPrompt: string;
  /** Step 8's AI analysis report (spec 02 §2.7), written with the enhanced prompt; '' until one is. */
  analysisReport: string;
  /** A value changed after the enhanced prompt was written, so the prompt does not say it (step 9 comes after step 8). */
  promptOutdated: boolean;
  /** The last Finish, until Back to Editor reopens the builder. */
  finished: { timeSpentSeconds: number; finishedAt: string } | null;
};

export const emptyBuilder = (): BuilderState => ({
  coreIdea: '',
  viralMechanics: '',
  categories: Object.fromEntries(
    BUILDER_CATEGORY_NAMES.map((category): [BuilderCategory, BuilderCategoryState] => [category, { active: false, params: [] }]),
  ) as Record<BuilderCategory, BuilderCategoryState>,
  completedSteps: [],
  currentStep: 1,
  enhancedPrompt: '',
  analysisReport: '',
  promptOutdated: false,
  finished: null,
});

/** Words as a person counts them: runs of anything but white space. */
export const countWords = (text: string): number => (text.trim() === '' ? 0 : text.trim().split(/\s+/u).length);

/** The first step not yet complete; past the last step when all are. */
export const firstIncompleteStep = (builder: Pick<BuilderState, 'completedSteps'>): number => {
  let step = 1;
  while (step <= LAST_BUILDER_STEP && builder.completedSteps.includes(step as BuilderStep)) step += 1;
  return step;
};

/** How a step tile is coloured (spec 02 §4): the current one, else complete, else the next to do, else locked. */
export type BuilderStepStatus = 'current' | 'complete' | 'available' | 'locked';
export const builderStepStatus = (builder: Pick<BuilderState, 'completedSteps' | 'currentStep'>, step: BuilderStep): BuilderStepStatus => {
  if (step === builder.currentStep) return 'current';
  if (builder.completedSteps.includes(step)) return 'complete';
  return step <= firstIncompleteStep(builder) ? 'available' : 'locked';
};

export const builderPercentComplete = (builder: Pick<BuilderState, 'completedSteps'>): number =>
  Math.round((builder.completedSteps.length / LAST_BUILDER_STEP) * 100);
