import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PARAMETER_LENGTH,
  MAX_PROMPT_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  MAX_SIMPLICITY_SCORE,
  MIN_SIMPLICITY_SCORE,
  PARAMETER_LISTS,
  type ParameterListName,
} from './constants.ts';
import { userLine, userText } from '../text.ts';
import { copyValue, sameValue } from './same-value.ts';

/**
 * The stage data model of variant C (spec §3): one place the decider, the read model and the HTTP layer share.
 * Stages 1–5 are the guided stages; stage 6 is the optional technical stage holding the report and final prompt.
 */
export const STAGE_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
export type StageNumber = (typeof STAGE_NUMBERS)[number];
export const stageNumberSchema = z.literal(STAGE_NUMBERS);

/** The five stages that count towards progress and have tiles on the dashboard (spec §2, §4). */
export const GUIDED_STAGE_NUMBERS = [1, 2, 3, 4, 5] as const;
export type GuidedStageNumber = (typeof GUIDED_STAGE_NUMBERS)[number];

export const STAGE_TITLES = {
  1: 'Research & Understanding',
  2: 'Reward & Sustainability Analysis',
  3: 'Ideation',
  4: 'Mechanics',
  5: 'Refinement',
  6: 'Technical',
} as const satisfies Record<StageNumber, string>;

/** The names the idea generation flow uses for the same stages (spec §4). */
export const STAGE_KEYS = {
  1: 'research',
  2: 'analysis',
  3: 'ideation',
  4: 'mechanics',
  5: 'refinement',
  6: 'technical',
} as const satisfies Record<StageNumber, string>;

const note = userText(MAX_NOTE_LENGTH);
/** Inside list items a missing text means an empty one: items come from forms and AI answers alike. */
const itemText = note.default('');
const textList = z.array(note);
const parameterList = z.array(userLine(MAX_PARAMETER_LENGTH));

export const keyResourceSchema = z.object({ url: itemText, description: itemText });

/** A key resource is a link people follow: only a web address (http or https) is one. */
export const isWebAddress = (text: string) => {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
export const WEB_ADDRESS_MESSAGE = 'Enter a web address starting with https://';
/** What a user adds: checked as a link. Stored and imported resources stay as they were (older exports hold any text). */
const keyResourceInputSchema = z.object({ url: note.refine(isWebAddress, WEB_ADDRESS_MESSAGE), description: itemText });

export const audienceSegmentSchema = z.object({
  name: itemText,
  description: itemText,
  motivations: textList.default(() => []),
  reachStrategy: itemText,
});

export const caseStudySchema = z.object({
  projectName: itemText,
  summary: itemText,
  successFactors: itemText,
  failures: itemText,
  link: itemText,
});

export const ideaConceptSchema = z.object({
  name: userLine(MAX_NAME_LENGTH),
  simplicityScore: z.number().int().min(MIN_SIMPLICITY_SCORE).max(MAX_SIMPLICITY_SCORE),
  coreAction: note.optional(),
  viralHook: note.optional(),
});

const otherElementSchema = z.object({ name: itemText, description: itemText });

export const webpageElementsSchema = z.object({
  headline: itemText,
  visualDescription: itemText,
  cta: itemText,
  explanation: itemText,
  otherElements: z.array(otherElementSchema).default(() => []),
});

/**
 * A save of some of the page's texts: the texts it names change, the others stay as stored. The screen saves each
 * text on its own, so a save of the call to action never carries (and overwrites) an older copy of the headline.
 */
export const webpageElementsPatchSchema = z.object({
  headline: note.optional(),
  visualDescription: note.optional(),
  cta: note.optional(),
  explanation: note.optional(),
  otherElements: z.array(otherElementSchema).optional(),
});

/**
 * The AI writes a section as prose one day and as a list the next; the report keeps one shape per field
 * so readers never branch: prose fields join list answers by lines, list fields wrap a prose answer.
 */
const reportText = z
  .union([userText(MAX_REPORT_TEXT_LENGTH), z.array(userText(MAX_REPORT_TEXT_LENGTH))])
  .transform((value) => (Array.isArray(value) ? value.join('\n') : value))
  .default('');
const reportList = z
  .union([userText(MAX_REPORT_TEXT_LENGTH), z.array(userText(MAX_REPORT_TEXT_LENGTH))])
  .transform((value) => (Array.isArray(value) ? value : value.trim() === '' ? [] : [value]))
  .default(() => []);

export const incompatibleParameterSchema = z.object({ parameter: userLine(MAX_PARAMETER_LENGTH), reason: itemText });

/** Sections the AI leaves out are empty rather than refused: a partial report is still worth keeping. */
export const technicalReportSchema = z.object({
  technicalSpecifications: z
    .object({
      architecture: reportText,
      frontend: reportText,
      backend: reportText,
      database: reportText,
      api: reportText,
      security: reportText,
      scalability: reportText,
    })
    .prefault({}),
  prototypeStructure: z
    .object({
      mvpDefinition: reportText,
      coreFeatures: reportList,
      implementation: reportText,
      timeline: reportText,
      testing: reportText,
    })
    .prefault({}),
  implementationPlan: z
    .object({
      phases: reportList,
      resources: reportList,
      roadmap: reportText,
      risks: reportList,
      metrics: reportList,
    })
    .prefault({}),
  parameterAudit: z.object({ incompatibleParameters: z.array(incompatibleParameterSchema).default(() => []) }).prefault({}),
  detailedIdea: reportText,
});

/**
 * The fields a user edits freely on each stage screen (UpdateStageNotes). Lists, segments, concepts, the
 * report and the prompt have their own commands, so they are not notes. No defaults here on purpose: a
 * partial update must never fill the fields it does not name.
 */
export const stageNotesSchemas = {
  1: z.strictObject({ keyResources: z.array(keyResourceInputSchema) }),
  2: z.strictObject({
    caseStudies: z.array(caseStudySchema),
    keyInsights: note,
    identifiedCommunities: note,
    specificMechanics: note,
    rewardIntegrationPoints: note,
  }),
  3: z.strictObject({}),
  4: z.strictObject({
    selectedIdeaName: note,
    rewardSource: note,
    rewardFlow: note,
    sustainabilityCheck: note,
    externalitiesCheck: note,
    /** Variant B's stage 4 field, kept on variant C's mechanics stage: the 'Context from Previous Stages' shows it (spec §2). */
    messagingStrategy: note,
  }),
  5: z.strictObject({
    finalConceptName: note,
    oneLinerPitch: note,
    detailedDescription: note,
    targetAudience: textList,
    webpageElements: webpageElementsSchema,
    viralLoopExplained: note,
    sustainabilityLoopExplained: note,
    whyMicro: note,
    whyNoExternalities: note,
    keyAssumptionsRisks: note,
  }),
  6: z.strictObject({}),
} as const;

/** Unknown fields are stripped, not refused: exports written by older versions must still import. */
export const stageDataSchemas = {
  1: z.object({
    viralParameters: parameterList,
    micrositeParameters: parameterList,
    closedLoopParameters: parameterList,
    techParameters: parameterList,
    challengeParameters: parameterList,
    keyResources: z.array(keyResourceSchema),
  }),
  2: z.object({
    rewardSourceParameters: parameterList,
    rewardFlowParameters: parameterList,
    sustainabilityParameters: parameterList,
    externalitiesParameters: parameterList,
    audienceTypeParameters: parameterList,
    audienceMotivationParameters: parameterList,
    audienceReachParameters: parameterList,
    audienceSegments: z.array(audienceSegmentSchema),
    ...stageNotesSchemas[2].shape,
  }),
  3: z.object({
    ideaConcepts: z.array(ideaConceptSchema),
    selectedConceptIndex: z.number().int().min(0).nullable(),
  }),
  // Projects and exports from before the messaging strategy have none: it reads as empty.
  4: z.object({ ...stageNotesSchemas[4].shape, messagingStrategy: note.default('') }),
  5: z.object({ ...stageNotesSchemas[5].shape }),
  6: z.object({
    technicalReport: technicalReportSchema.nullable(),
    finalPrompt: userText(MAX_PROMPT_LENGTH),
  }),
} as const;

export type KeyResource = z.infer<typeof keyResourceSchema>;
export type AudienceSegment = z.infer<typeof audienceSegmentSchema>;
export type CaseStudy = z.infer<typeof caseStudySchema>;
export type IdeaConcept = z.infer<typeof ideaConceptSchema>;
export type WebpageElements = z.infer<typeof webpageElementsSchema>;
export type IncompatibleParameter = z.infer<typeof incompatibleParameterSchema>;
export type TechnicalReport = z.infer<typeof technicalReportSchema>;

export type StageData<N extends StageNumber> = z.infer<(typeof stageDataSchemas)[N]>;
export type StageNotes<N extends StageNumber> = z.infer<(typeof stageNotesSchemas)[N]>;

/** What an UpdateStageNotes command may name: the notes, with stage 5's page texts one by one (webpageElementsPatchSchema). */
export const stageNotesPatchSchemas = {
  ...stageNotesSchemas,
  5: stageNotesSchemas[5].extend({ webpageElements: webpageElementsPatchSchema }),
} as const;
export type StageNotesPatch<N extends StageNumber> = Partial<z.input<(typeof stageNotesPatchSchemas)[N]>>;
export type StageNotesField<N extends StageNumber> = keyof StageNotes<N> & string;
export type Stage1Data = StageData<1>;
export type Stage2Data = StageData<2>;
export type Stage3Data = StageData<3>;
export type Stage4Data = StageData<4>;
export type Stage5Data = StageData<5>;
export type Stage6Data = StageData<6>;
export type ProjectStages = { [N in StageNumber]: StageData<N> };

const emptyWebpageElements: WebpageElements = { headline: '', visualDescription: '', cta: '', explanation: '', otherElements: [] };

/** The empty value of every stage field: what a new project starts with and what a reset restores. */
export const STAGE_DEFAULTS: { readonly [N in StageNumber]: Readonly<StageData<N>> } = {
  1: {
    viralParameters: [],
    micrositeParameters: [],
    closedLoopParameters: [],
    techParameters: [],
    challengeParameters: [],
    keyResources: [],
  },
  2: {
    rewardSourceParameters: [],
    rewardFlowParameters: [],
    sustainabilityParameters: [],
    externalitiesParameters: [],
    audienceTypeParameters: [],
    audienceMotivationParameters: [],
    audienceReachParameters: [],
    audienceSegments: [],
    caseStudies: [],
    keyInsights: '',
    identifiedCommunities: '',
    specificMechanics: '',
    rewardIntegrationPoints: '',
  },
  3: { ideaConcepts: [], selectedConceptIndex: null },
  4: { selectedIdeaName: '', rewardSource: '', rewardFlow: '', sustainabilityCheck: '', externalitiesCheck: '', messagingStrategy: '' },
  5: {
    finalConceptName: '',
    oneLinerPitch: '',
    detailedDescription: '',
    targetAudience: [],
    webpageElements: emptyWebpageElements,
    viralLoopExplained: '',
    sustainabilityLoopExplained: '',
    whyMicro: '',
    whyNoExternalities: '',
    keyAssumptionsRisks: '',
  },
  6: { technicalReport: null, finalPrompt: '' },
};

/** A fresh copy, so that no caller can change the defaults through the value it was given. */
export const emptyStage = <N extends StageNumber>(stage: N): StageData<N> => copyValue(STAGE_DEFAULTS[stage]) as StageData<N>;

export const emptyStages = (): ProjectStages => ({
  1: emptyStage(1),
  2: emptyStage(2),
  3: emptyStage(3),
  4: emptyStage(4),
  5: emptyStage(5),
  6: emptyStage(6),
});

/**
 * The fields of a stage that hold something other than their empty value. A stage "has content" when this is
 * not empty (spec §4).
 */
export const filledStageFields = <N extends StageNumber>(stage: N, data: StageData<N>): string[] => {
  const defaults = STAGE_DEFAULTS[stage] as Record<string, unknown>;
  const values = data as Record<string, unknown>;
  return Object.keys(defaults).filter((field) => !sameValue(values[field], defaults[field]));
};

/** The stage parameter lists of stage N, in PARAMETER_LISTS order. */
export type StageParameterListName<N extends StageNumber> = {
  [K in ParameterListName]: (typeof PARAMETER_LISTS)[K]['stage'] extends N ? K : never;
}[ParameterListName];

export const parameterListsOfStage = (stage: StageNumber): ParameterListName[] =>
  (Object.keys(PARAMETER_LISTS) as ParameterListName[]).filter((list) => PARAMETER_LISTS[list].stage === stage);
