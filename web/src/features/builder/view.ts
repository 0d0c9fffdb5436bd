import type { BuilderView } from '@vis/domain';

/** A category's chosen values. */
export const paramsOf = (builder: BuilderView, category: string) => builder.categories.find((each) => each.category === category)?.params ?? [];

/** What step 8 shows before a prompt was generated: the choices so far, one line each. */
export const defaultSummary = (builder: BuilderView) => {
  const line = (label: string, value: string) => `${label}: ${value.trim() || 'Not specified'}`;
  return [
    line('Core idea', builder.coreIdea),
    line('Viral mechanics', builder.viralMechanics),
    ...builder.categories.map((category) => line(category.title, category.params.join(', '))),
  ].join('\n');
};
