import {
  BUILDER_CATEGORIES,
  BUILDER_CATEGORY_NAMES,
  builderStepName,
  emptyBuilder,
  PARAMETER_LIST_NAMES,
  PARAMETER_LISTS,
  type ActiveProjectState,
  type BuilderCategory,
  type BuilderState,
  type ParameterListName,
} from '@vis/domain';
import type { AiContext, BuilderContext } from './provider.ts';

const NOTE_FIELDS = {
  4: ['selectedIdeaName', 'rewardSource', 'rewardFlow', 'sustainabilityCheck', 'externalitiesCheck'],
  5: [
    'finalConceptName',
    'oneLinerPitch',
    'detailedDescription',
    'viralLoopExplained',
    'sustainabilityLoopExplained',
    'whyMicro',
    'whyNoExternalities',
    'keyAssumptionsRisks',
  ],
} as const;

/**
 * What each note is called where people read it (prompts, the offline generator's texts): never the field's
 * own name. Stage 5's target audience and web page elements are notes too, one per part of the page.
 */
export const NOTE_LABELS: Readonly<Record<string, string>> = {
  selectedIdeaName: 'Selected idea',
  rewardSource: 'Reward source',
  rewardFlow: 'Reward flow',
  sustainabilityCheck: 'Sustainability check',
  externalitiesCheck: 'Externalities check',
  finalConceptName: 'Final concept name',
  oneLinerPitch: 'One-liner pitch',
  detailedDescription: 'Detailed description',
  targetAudience: 'Target audience',
  webpageHeadline: 'Page headline',
  webpageVisual: 'Page visual',
  webpageCta: 'Call to action',
  webpageExplanation: 'Page explanation',
  webpageOtherElements: 'Other page elements',
  viralLoopExplained: 'Viral loop',
  sustainabilityLoopExplained: 'Sustainability loop',
  whyMicro: 'Why it is micro',
  whyNoExternalities: 'Why it has no externalities',
  keyAssumptionsRisks: 'Key assumptions and risks',
};

/** A note's readable name; notes without one (a builder's, already titled) keep theirs. */
export const noteLabel = (key: string) => NOTE_LABELS[key] ?? key;

/** Free context is bounded: it goes into a prompt and into the history of what was asked. */
export const MAX_EXTRA_CONTEXT_LENGTH = 8000;

export const emptyContext = (): AiContext => ({
  projectName: '',
  coreIdea: '',
  parameters: [],
  lists: {},
  audienceSegments: [],
  concept: null,
  notes: {},
  extra: '',
});

const stageLists = (project: Pick<ActiveProjectState, 'stages'>) => {
  const lists: Partial<Record<ParameterListName, string[]>> = {};
  for (const list of PARAMETER_LIST_NAMES) {
    const { stage } = PARAMETER_LISTS[list];
    if (stage === 0) continue;
    const values = (project.stages[stage] as Partial<Record<ParameterListName, string[]>>)[list] ?? [];
    if (values.length > 0) lists[list] = [...values];
  }
  return lists;
};

/**
 * A builder project's context: its core idea, the technical framework and sustainability parameters as the
 * guided lists of the same meaning, and the viral mechanics and the later steps' parameters as notes.
 */
const contextOfBuilder = (name: string, builder: BuilderState): AiContext => {
  const lists: Partial<Record<ParameterListName, string[]>> = {};
  if (builder.categories.technical.params.length > 0) lists.techParameters = [...builder.categories.technical.params];
  if (builder.categories.sustainability.params.length > 0) lists.closedLoopParameters = [...builder.categories.sustainability.params];
  const notes: Record<string, string> = {};
  if (builder.viralMechanics) notes['Viral mechanics'] = builder.viralMechanics;
  for (const category of BUILDER_CATEGORY_NAMES) {
    const { params } = builder.categories[category];
    if (category !== 'technical' && category !== 'sustainability' && params.length > 0) notes[BUILDER_CATEGORIES[category].title] = params.join(', ');
  }
  return { ...emptyContext(), projectName: name, coreIdea: builder.coreIdea, lists, notes, builder: builderContextOf(builder) };
};

/** The builder's values as its steps hold them: what the enhanced prompt is written from. */
export const builderContextOf = (builder: Pick<BuilderState, 'viralMechanics' | 'categories'>): BuilderContext => ({
  viralMechanics: builder.viralMechanics,
  steps: [...BUILDER_CATEGORY_NAMES]
    .sort((a, b) => BUILDER_CATEGORIES[a].step - BUILDER_CATEGORIES[b].step)
    .map((category) => {
      const { step } = BUILDER_CATEGORIES[category];
      return { step, name: builderStepName(step), category, values: [...builder.categories[category].params] };
    }),
});

/** Everything the project holds that a prompt can use: the core idea and what earlier stages gathered. */
export const contextOfProject = (project: ActiveProjectState): AiContext => {
  if (project.builder) return contextOfBuilder(project.name, project.builder);
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  const notes: Record<string, string> = {};
  for (const stage of [4, 5] as const) {
    for (const field of NOTE_FIELDS[stage]) {
      const value = (project.stages[stage] as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim() !== '') notes[field] = value;
    }
  }
  const { targetAudience, webpageElements } = project.stages[5];
  const audience = targetAudience.map((item) => item.trim()).filter(Boolean);
  if (audience.length > 0) notes.targetAudience = audience.join(', ');
  const page = {
    webpageHeadline: webpageElements.headline,
    webpageVisual: webpageElements.visualDescription,
    webpageCta: webpageElements.cta,
    webpageExplanation: webpageElements.explanation,
    webpageOtherElements: webpageElements.otherElements
      .map(({ name, description }) => [name.trim(), description.trim()].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; '),
  };
  for (const [key, value] of Object.entries(page)) if (value.trim() !== '') notes[key] = value.trim();
  return {
    projectName: project.name,
    coreIdea: project.coreIdea,
    parameters: [...project.parameters],
    lists: stageLists(project),
    audienceSegments: project.stages[2].audienceSegments.map((segment) => segment.name),
    concept: (selectedConceptIndex === null ? undefined : ideaConcepts[selectedConceptIndex]) ?? null,
    notes,
    extra: '',
  };
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim()) : [];
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A project the caller sends as a document (the builder's `projectData`, a flow screen's state): read
 * leniently, field by field, since its shape is the client's (spec 02 §3 "Builder stage data").
 */
export const contextOfProjectData = (data: Record<string, unknown>): AiContext => {
  const context = emptyContext();
  context.projectName = text(data.name) || text(data.projectName);
  context.coreIdea = text(data.coreIdea);
  context.parameters = strings(data.parameters);
  const stages = Array.isArray(data.stages) ? data.stages : [];
  const extras: string[] = [];
  const builder = builderOfStageData();
  for (const stage of stages) {
    const stageData = (stage as { data?: unknown } | null)?.data;
    if (!stageData || typeof stageData !== 'object') continue;
    builder.read(stageData as Record<string, unknown>);
    for (const [field, value] of Object.entries(stageData as Record<string, unknown>)) {
      if ((PARAMETER_LIST_NAMES as readonly string[]).includes(field) && field !== 'parameters') {
        const values = strings(value);
        if (values.length > 0)
          context.lists[field as ParameterListName] = [...new Set([...(context.lists[field as ParameterListName] ?? []), ...values])];
      } else if (field === 'coreIdea' && !context.coreIdea) {
        context.coreIdea = text(value);
      } else if (Array.isArray(value) && /Params$/.test(field)) {
        // The builder's own lists (socialCurrencyParams, emotionParams, …) have no guided list to go to.
        const values = strings(value);
        if (values.length > 0) extras.push(`${field.replace(/Params$/, '')}: ${values.join(', ')}`);
      } else if (
        typeof value === 'string' &&
        value.trim() !== '' &&
        value.length <= 2000 &&
        !/^(title|objective|process|outputFormat|simulatedModel)$/.test(field)
      ) {
        extras.push(`${field}: ${value.trim()}`);
      }
    }
  }
  context.extra = extras.join('\n').slice(0, MAX_EXTRA_CONTEXT_LENGTH);
  const builderContext = builder.context();
  if (builderContext) context.builder = builderContext;
  return context;
};

/** The builder's stage-data fields (spec 02 §3 "Builder stage data") and the category each one fills. */
const BUILDER_DATA_FIELDS: Readonly<Record<string, BuilderCategory>> = {
  techParameters: 'technical',
  closedLoopParameters: 'sustainability',
  socialCurrencyParams: 'socialCurrency',
  emotionParams: 'emotion',
  publicParams: 'public',
  practicalValueParams: 'practicalValue',
  storiesParams: 'stories',
  communityOwnershipParams: 'community',
};
/** Fields only a builder's document has: with one of them, the document is read as a builder's. */
const BUILDER_ONLY = /^(viralMechanics|(socialCurrency|emotion|public|practicalValue|stories|communityOwnership)Params)$/;

/** A builder's values gathered from its document's stages, when the document is a builder's. */
const builderOfStageData = () => {
  const state = { viralMechanics: '', categories: emptyBuilder().categories };
  let isBuilder = false;
  return {
    read: (stageData: Record<string, unknown>) => {
      for (const [field, value] of Object.entries(stageData)) {
        if (BUILDER_ONLY.test(field)) isBuilder = true;
        if (field === 'viralMechanics' || field === 'commonViralTriggers') state.viralMechanics ||= text(value);
        const category = BUILDER_DATA_FIELDS[field];
        if (category) {
          const params = state.categories[category].params;
          state.categories[category] = { active: true, params: [...new Set([...params, ...strings(value)])] };
        }
      }
    },
    context: () => (isBuilder ? builderContextOf(state) : undefined),
  };
};

/** The flow screen's `context` (free JSON or text) becomes the prompt's "more context". */
export const extraContextOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  const asText = typeof value === 'string' ? value : JSON.stringify(value);
  return asText.slice(0, MAX_EXTRA_CONTEXT_LENGTH);
};
