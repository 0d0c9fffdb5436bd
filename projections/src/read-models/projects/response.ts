import {
  BUILDER_CATEGORIES,
  BUILDER_CATEGORY_NAMES,
  BUILDER_CORE_IDEA_MAX_WORDS,
  BUILDER_STEPS,
  BUILDER_VIRAL_MECHANICS_MAX_WORDS,
  builderPercentComplete,
  builderStepStatus,
  countWords,
  DEFAULT_PROJECT_KIND,
  maskedGeminiKey,
  PARAMETER_LISTS,
  parameterListsOfStage,
  STAGE_GUIDES,
  STAGE_NUMBERS,
  stageId,
  type BuilderState,
  type BuilderView,
  type ProjectResponse,
  type ProjectView,
  type StageData,
  type StageNumber,
  type StageView,
} from '@vis/domain';
import type { ProjectDocument } from './projection.ts';

/*
 * GET /api/projects/{id} is built here, beside the read model it maps, so that the query API's live answer and
 * every replay of a project (GET /api/projects/{id}/at/…, `npm run replay`) share one mapping: shapes cannot drift.
 */

/**
 * The spec's project fields (spec 01 §3, §7). The key itself is a secret and never leaves the server: the
 * project's own Gemini key shows as its last four characters.
 */
const projectFields = (doc: ProjectDocument): ProjectView => ({
  id: doc._id,
  name: doc.name,
  coreIdea: doc.coreIdea,
  parameters: doc.parameters,
  aiApiKey: doc.aiKey ? maskedGeminiKey(doc.aiKey.lastFour) : '',
  aiApiStatus: doc.aiKeyStatus,
  currentStageIndex: doc.currentStageIndex,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** Spec §3 keeps a comma-joined text form beside each list (`commonViralTriggers` beside `viralParameters`). */
const withTextForms = <N extends StageNumber>(stageNumber: N, data: StageData<N>): StageData<N> => {
  const withText: Record<string, unknown> = { ...data };
  for (const list of parameterListsOfStage(stageNumber)) {
    const definition = PARAMETER_LISTS[list];
    if ('textField' in definition) withText[definition.textField] = ((withText[list] as string[] | undefined) ?? []).join(', ');
  }
  return withText as StageData<N>;
};

/** Everything the /game screen draws, rules included (word limits, tile states), so the screen decides nothing. */
export const toBuilderView = (builder: BuilderState): BuilderView => ({
  coreIdea: builder.coreIdea,
  coreIdeaWords: countWords(builder.coreIdea),
  viralMechanics: builder.viralMechanics,
  viralMechanicsWords: countWords(builder.viralMechanics),
  limits: { coreIdeaWords: BUILDER_CORE_IDEA_MAX_WORDS, viralMechanicsWords: BUILDER_VIRAL_MECHANICS_MAX_WORDS },
  categories: BUILDER_CATEGORY_NAMES.map((category) => {
    const { title, step, maxWords, kind } = BUILDER_CATEGORIES[category];
    const { active, params } = builder.categories[category];
    return { category, title, step, maxWords, kind, active, params };
  }),
  steps: BUILDER_STEPS.map(({ step, name }) => ({
    step,
    name,
    status: builderStepStatus(builder, step),
    complete: builder.completedSteps.includes(step),
    categories: BUILDER_CATEGORY_NAMES.filter((category) => BUILDER_CATEGORIES[category].step === step),
  })),
  completedSteps: builder.completedSteps,
  currentStep: builder.currentStep,
  percentComplete: builderPercentComplete(builder),
  enhancedPrompt: builder.enhancedPrompt,
  // Documents written before there were analysis reports have none.
  analysisReport: builder.analysisReport ?? '',
  promptOutdated: builder.promptOutdated ?? false,
  finished: builder.finished,
});

/** GET /api/projects/{id}: the project, its stages (fixed texts plus data, with the lists' text forms), progress and context. */
export const toProjectResponse = (doc: ProjectDocument): ProjectResponse => {
  return {
    success: true,
    project: projectFields(doc),
    // Documents written before there were builder projects have neither field.
    kind: doc.kind ?? DEFAULT_PROJECT_KIND,
    builder: doc.builder ? toBuilderView(doc.builder) : null,
    stages: STAGE_NUMBERS.map(
      (stageNumber) =>
        ({
          id: stageId.format(doc._id, stageNumber),
          ...STAGE_GUIDES[stageNumber],
          geminiSuggestions: [],
          // The AI's proposals waiting beside stage 4 and 5 texts, for Keep / Replace / Append.
          aiSuggestions: (doc.draftProposals ?? []).filter((proposal) => proposal.stage === stageNumber),
          data: withTextForms(stageNumber, doc.stages[stageNumber]),
        }) as StageView,
    ),
    progress: doc.progress,
    context: doc.context,
    position: String(doc._position),
    revision: doc.revision ?? null,
  };
};
