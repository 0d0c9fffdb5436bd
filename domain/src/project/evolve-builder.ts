import { emptyBuilder, type BuilderState } from './builder.ts';
import type { ProjectBuilderEvent } from './builder-events.ts';

const VALUE_EVENTS: ReadonlySet<ProjectBuilderEvent['type']> = new Set([
  'BuilderCoreIdeaChanged',
  'BuilderViralMechanicsChanged',
  'BuilderParameterAdded',
  'BuilderParameterRemoved',
  'BuilderParametersCleared',
  'BuilderParametersRestored',
]);

/** How each builder event changes the builder; a project without one (a guided project) never has these events. */
export const evolveBuilder = (builder: BuilderState | null, event: ProjectBuilderEvent): BuilderState => {
  const before = builder ?? emptyBuilder();
  // Every value event changes what the prompt was written from; the prompt's own event writes it anew.
  const state = VALUE_EVENTS.has(event.type) ? { ...before, promptOutdated: before.enhancedPrompt !== '' } : before;
  switch (event.type) {
    case 'BuilderCoreIdeaChanged':
      return { ...state, coreIdea: event.data.coreIdea };
    case 'BuilderViralMechanicsChanged':
      return { ...state, viralMechanics: event.data.viralMechanics };
    case 'BuilderParameterAdded': {
      const { params } = state.categories[event.data.category];
      return withCategory(state, event.data.category, { active: true, params: [...params, event.data.value] });
    }
    case 'BuilderParameterRemoved': {
      const category = state.categories[event.data.category];
      // Removing does not turn the active flag off (spec 02 §4).
      return withCategory(state, event.data.category, { ...category, params: category.params.filter((value) => value !== event.data.value) });
    }
    case 'BuilderParametersCleared':
      return withCategory(state, event.data.category, { ...state.categories[event.data.category], params: [] });
    case 'BuilderParametersRestored':
      // The values came back as they were added, each of which had turned the flag on.
      return withCategory(state, event.data.category, { active: true, params: [...event.data.values] });
    case 'BuilderStepCompleted':
      return { ...state, completedSteps: [...event.data.completedSteps] };
    case 'BuilderCurrentStepChanged':
      return { ...state, currentStep: event.data.step };
    case 'BuilderPromptRecorded':
      return {
        ...state,
        enhancedPrompt: event.data.prompt,
        analysisReport: event.data.analysisReport ?? state.analysisReport,
        promptOutdated: false,
      };
    case 'BuilderFinished':
      return { ...state, finished: { timeSpentSeconds: event.data.timeSpentSeconds, finishedAt: event.data.finishedAt } };
    case 'BuilderReopened':
      return { ...state, finished: null };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

const withCategory = (state: BuilderState, category: keyof BuilderState['categories'], value: BuilderState['categories'][typeof category]) => ({
  ...state,
  categories: { ...state.categories, [category]: value },
});
