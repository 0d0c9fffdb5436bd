import { ConflictError } from '../errors.ts';
import type { ActiveProjectState } from '../project/state.ts';
import type { StageNumber } from '../project/stages.ts';

/** How a stage's result field is shaped: a line of prose, a list of short items, or idea concepts. */
export type FlowFieldShape = 'text' | 'list' | 'concepts';

/**
 * The idea generation flow's stages (spec 01 §3 "Flow stage definition", §4 "Idea generation flow", §9
 * estimated times). Extraction fields are named after the project's own fields, so a stage's results can be
 * added to the guided stage it belongs to without translation.
 */
export interface FlowStage {
  id: FlowStageId;
  stageNumber: StageNumber;
  title: string;
  description: string;
  required: boolean;
  defaultPrompt: string;
  extractionFields: Record<string, FlowFieldShape>;
  dependencies: readonly FlowStageId[];
  estimatedSeconds: number;
}

export const FLOW_STAGE_IDS = ['research', 'analysis', 'ideation', 'mechanics', 'refinement', 'technical'] as const;
export type FlowStageId = (typeof FLOW_STAGE_IDS)[number];

export const FLOW_STAGES: Record<FlowStageId, FlowStage> = {
  research: {
    id: 'research',
    stageNumber: 1,
    title: 'Research',
    description: 'What makes one-page ideas spread, which micro-sites did it, and what a closed loop needs.',
    required: true,
    defaultPrompt: 'Research viral triggers, successful micro-sites, closed-loop principles, core technology and challenges for this idea.',
    extractionFields: {
      viralParameters: 'list',
      micrositeParameters: 'list',
      closedLoopParameters: 'list',
      techParameters: 'list',
      challengeParameters: 'list',
    },
    dependencies: [],
    estimatedSeconds: 60,
  },
  analysis: {
    id: 'analysis',
    stageNumber: 2,
    title: 'Analysis',
    description: 'Where rewards come from, how they flow, whether the pool lasts, and who takes part.',
    required: true,
    defaultPrompt: 'Analyse reward sources, reward flow, sustainability, externalities and the audiences for this idea.',
    extractionFields: {
      rewardSourceParameters: 'list',
      rewardFlowParameters: 'list',
      sustainabilityParameters: 'list',
      externalitiesParameters: 'list',
      audienceTypeParameters: 'list',
      keyInsights: 'text',
    },
    dependencies: ['research'],
    estimatedSeconds: 90,
  },
  ideation: {
    id: 'ideation',
    stageNumber: 3,
    title: 'Ideation',
    description: 'Concrete one-page concepts, each with its core action, viral hook and simplicity score.',
    required: true,
    defaultPrompt: 'Propose simple one-page concepts for this idea, each with a core action, a viral hook and a simplicity score from 0 to 5.',
    extractionFields: { ideaConcepts: 'concepts' },
    dependencies: ['research', 'analysis'],
    estimatedSeconds: 120,
  },
  mechanics: {
    id: 'mechanics',
    stageNumber: 4,
    title: 'Mechanics',
    description: 'How the chosen concept pays: reward source, reward flow, sustainability and externalities.',
    required: true,
    defaultPrompt: 'Work out the reward mechanics of the chosen concept: source, flow, sustainability check and externalities check.',
    extractionFields: { selectedIdeaName: 'text', rewardSource: 'text', rewardFlow: 'text', sustainabilityCheck: 'text', externalitiesCheck: 'text' },
    dependencies: ['ideation'],
    estimatedSeconds: 90,
  },
  refinement: {
    id: 'refinement',
    stageNumber: 5,
    title: 'Refinement',
    description: 'The final concept: its name, one-line pitch, description and both loops explained.',
    required: true,
    defaultPrompt: 'Refine the concept into a final one-page idea: name, one-line pitch, detailed description, viral loop and sustainability loop.',
    extractionFields: {
      finalConceptName: 'text',
      oneLinerPitch: 'text',
      detailedDescription: 'text',
      viralLoopExplained: 'text',
      sustainabilityLoopExplained: 'text',
      // The rest of stage 5's reasoning (spec 01 §3 stage 3 variant A fields): a draft of the refinement drafts them too.
      whyMicro: 'text',
      whyNoExternalities: 'text',
      keyAssumptionsRisks: 'text',
      // The page's texts: stage 5 keeps them in webpageElements (WEBPAGE_DRAFT_FIELDS below).
      webpageHeadline: 'text',
      webpageCta: 'text',
      webpageVisual: 'text',
      webpageExplanation: 'text',
    },
    dependencies: ['mechanics'],
    estimatedSeconds: 120,
  },
  technical: {
    id: 'technical',
    stageNumber: 6,
    title: 'Technical',
    description: 'How to build it: architecture, the smallest version worth shipping, and the steps there.',
    required: false,
    defaultPrompt: 'Describe the architecture, the MVP and the implementation steps for this one-page idea.',
    extractionFields: { architecture: 'text', mvpDefinition: 'text', implementationSteps: 'list' },
    dependencies: ['refinement'],
    estimatedSeconds: 180,
  },
};

/** Stage numbers (1–6) name the same stages as their ids; clients use both. */
export const flowStageOf = (stage: FlowStageId | number): FlowStage | null => {
  if (typeof stage === 'number') return Object.values(FLOW_STAGES).find((each) => each.stageNumber === stage) ?? null;
  return Object.hasOwn(FLOW_STAGES, stage) ? FLOW_STAGES[stage] : null;
};

/** Iterations of one stage request (spec 01 §5, §9). */
export const MIN_ITERATIONS = 1;
export const MAX_ITERATIONS = 5;
export const DEFAULT_ITERATIONS = 1;

/** A project as the read side answers it: only its stages' data matter to the flow's progress. */
export interface FlowProjectView {
  stages: readonly { stageNumber: number; data: unknown }[];
}

/**
 * Stage 5's page texts live inside `webpageElements`; the AI, its context and the drafts name them flat, one field
 * each (`webpageHeadline`), so a result or a proposal names one text like any other.
 */
export const WEBPAGE_DRAFT_FIELDS = {
  webpageHeadline: 'headline',
  webpageCta: 'cta',
  webpageVisual: 'visualDescription',
  webpageExplanation: 'explanation',
} as const;
export const webpageKeyOf = (field: string) =>
  Object.hasOwn(WEBPAGE_DRAFT_FIELDS, field) ? WEBPAGE_DRAFT_FIELDS[field as keyof typeof WEBPAGE_DRAFT_FIELDS] : null;

/** A text field's value in a stage's data, wherever it lives (a page text inside `webpageElements`). */
export const draftTextOf = (data: Record<string, unknown>, field: string): string => {
  const key = webpageKeyOf(field);
  const value = key ? (data.webpageElements as Record<string, unknown> | undefined)?.[key] : data[field];
  return typeof value === 'string' ? value : '';
};

/** The values a stage's extraction fields hold in the project (the technical stage's live in its report). */
export const flowStageValues = (stage: FlowStage, project: FlowProjectView): Record<string, unknown> => {
  const data = (project.stages.find((each) => each.stageNumber === stage.stageNumber)?.data ?? {}) as Record<string, unknown>;
  if (stage.id !== 'technical')
    return Object.fromEntries(
      Object.keys(stage.extractionFields).map((field) => [field, webpageKeyOf(field) ? draftTextOf(data, field) : data[field]]),
    );
  const report = data.technicalReport as
    | {
        technicalSpecifications?: { architecture?: unknown };
        prototypeStructure?: { mvpDefinition?: unknown };
        implementationPlan?: { phases?: unknown };
      }
    | null
    | undefined;
  return {
    architecture: report?.technicalSpecifications?.architecture,
    mvpDefinition: report?.prototypeStructure?.mvpDefinition,
    implementationSteps: report?.implementationPlan?.phases,
  };
};

const filled = (value: unknown): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
};

/** Spec 01 §4: a stage is done when at least one of its extraction fields is not empty. */
export const isFlowStageDone = (id: FlowStageId, project: FlowProjectView) => Object.values(flowStageValues(FLOW_STAGES[id], project)).some(filled);

/** Spec 01 §4: a stage can be entered only when each of its dependencies is done. */
export const canEnterFlowStage = (id: FlowStageId, project: FlowProjectView) =>
  FLOW_STAGES[id].dependencies.every((dependency) => isFlowStageDone(dependency, project));

/** Spec 01 §8: the toast a locked stage answers ('Cannot proceed', complete the current stage first). */
export const FLOW_STAGE_LOCKED_TITLE = 'Cannot proceed';
export const FLOW_STAGE_LOCKED_MESSAGE = 'Complete the current stage first.';

/** A stage the flow does not let the project into yet: refused before anything is charged or recorded. */
export class FlowStageLockedError extends ConflictError {
  constructor(readonly stage: FlowStageId) {
    super(FLOW_STAGE_LOCKED_MESSAGE, FLOW_STAGE_LOCKED_TITLE);
  }
}

/** The project's own stages as the flow reads them (the read side's `{ stageNumber, data }` list). */
export const flowViewOf = (project: Pick<ActiveProjectState, 'stages'>): FlowProjectView => ({
  stages: Object.entries(project.stages).map(([stageNumber, data]) => ({ stageNumber: Number(stageNumber), data })),
});

/** Spec 01 §4 on the project itself: a stage is open when each of its dependencies holds something. */
export const isFlowStageOpen = (project: Pick<ActiveProjectState, 'stages'>, stage: FlowStageId) => canEnterFlowStage(stage, flowViewOf(project));

/** Processing a stage's prompt needs the stage open: a locked stage is refused (409) whichever stage is current. */
export const requireFlowStageOpen = (project: Pick<ActiveProjectState, 'stages'>, stage: FlowStageId) => {
  if (!isFlowStageOpen(project, stage)) throw new FlowStageLockedError(stage);
};
