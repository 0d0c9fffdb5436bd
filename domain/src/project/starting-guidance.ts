import { parameterKey, type GuidedParameterList } from '../ai/parameter-kinds.ts';

/**
 * What a new project shows a person where they start (spec 01 §1, §3): examples and one-click suggestions, never
 * data the project holds until the person adds it. No zod here: the web app imports this module
 * (`@vis/domain/starting-guidance`).
 */

/** Spec 01 §1: the default text's sustainability model. */
export const SUSTAINABILITY_MODEL_EXAMPLE =
  'a daily reward pool of 10% of new contributions from the last 24 hours, and a 1.5% transaction fee paid into the reward pool';

/** Spec 01 §1: the closed-loop, self-sustaining idea around XNO that a new project's core idea field shows as its example. */
export const CORE_IDEA_EXAMPLE = `A closed-loop, self-sustaining one-page site built around the XNO cryptocurrency: ${SUSTAINABILITY_MODEL_EXAMPLE}.`;

/** How an example is introduced wherever it is shown. */
export const exampleText = (example: string): string => `Example: ${example}`;

/** The example each guided list shows while it is empty; lists without one show none. */
export const LIST_EXAMPLES: Partial<Record<GuidedParameterList, string>> = {
  sustainabilityParameters: SUSTAINABILITY_MODEL_EXAMPLE,
};

/** Spec 01 §3: the parameters Add Parameter offers with one click. */
export const SUGGESTED_PARAMETERS: readonly string[] = ['XNO Crypto', 'Self-Funded', 'Viral', 'Simple Page', 'No Externalities'];

/** The suggestions still worth offering: those the project's parameters do not hold yet, whatever their case or punctuation. */
export const suggestedParametersFor = (present: readonly string[]): string[] => {
  const held = new Set(present.map(parameterKey));
  return SUGGESTED_PARAMETERS.filter((suggestion) => !held.has(parameterKey(suggestion)));
};
