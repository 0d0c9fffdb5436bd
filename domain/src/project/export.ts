import { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { userLine, userText } from '../text.ts';
import {
  DEFAULT_PROJECT_NAME,
  LIST_FULL_MESSAGE,
  MAX_CORE_IDEA_LENGTH,
  MAX_LIST_ITEMS,
  MAX_PARAMETER_LENGTH,
  MAX_PROJECT_NAME_LENGTH,
  PARAMETER_LISTS,
} from './constants.ts';
import type { ProjectSnapshot } from './events.ts';
import {
  emptyStage,
  emptyStages,
  parameterListsOfStage,
  STAGE_NUMBERS,
  stageDataSchemas,
  stageNumberSchema,
  type ProjectStages,
  type StageData,
  type StageNumber,
} from './stages.ts';
import type { ActiveProjectState } from './state.ts';
import { splitItems, uniqueItems } from './text.ts';

/** The project's JSON export (spec §2 settings, §5 import): what a user downloads and imports again. */
export interface ProjectExport {
  projectName: string;
  coreIdea: string;
  parameters: string[];
  currentStageIndex: StageNumber;
  stages: ExportedStage[];
}

export interface ExportedStage {
  stageNumber: StageNumber;
  data: Record<string, unknown>;
}

export const INVALID_PROJECT_DATA = 'Invalid project data format';

type Exportable = Pick<ActiveProjectState, 'name' | 'coreIdea' | 'parameters' | 'currentStageIndex' | 'stages'>;

/**
 * Stage data goes out with the comma-joined text form beside each list, as the spec's stage data has it (§3),
 * so that the file also reads well in versions that only knew the text forms.
 */
export const exportProject = (project: Exportable): ProjectExport => ({
  projectName: project.name,
  coreIdea: project.coreIdea,
  parameters: [...project.parameters],
  currentStageIndex: project.currentStageIndex,
  stages: STAGE_NUMBERS.map((stageNumber) => ({
    stageNumber,
    data: { ...structuredClone(project.stages[stageNumber]), ...textForms(project.stages, stageNumber) },
  })),
});

const textForms = (stages: ProjectStages, stage: StageNumber): Record<string, string> => {
  const data = stages[stage] as Record<string, unknown>;
  const forms: Record<string, string> = {};
  for (const list of parameterListsOfStage(stage)) {
    const definition = PARAMETER_LISTS[list];
    if ('textField' in definition) forms[definition.textField] = (data[list] as string[]).join(', ');
  }
  return forms;
};

const envelopeSchema = z.object({
  projectName: userLine(MAX_PROJECT_NAME_LENGTH),
  stages: z.array(z.unknown()),
  coreIdea: userText(MAX_CORE_IDEA_LENGTH).nullish(),
  parameters: z.array(userLine(MAX_PARAMETER_LENGTH)).max(MAX_LIST_ITEMS, LIST_FULL_MESSAGE).nullish(),
  currentStageIndex: z.unknown().optional(),
});

/** Older exports name a stage by a numeric `id` instead of `stageNumber` (spec §3 'id or stageNumber'). */
const stageEntrySchema = z.object({
  stageNumber: z.number().optional(),
  id: z.unknown().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const invalid = (field: string) => new ValidationError(field, INVALID_PROJECT_DATA);

/**
 * Reads an export back into a project snapshot. Refuses a file without a `projectName` text or a `stages`
 * list, and stage data that breaks the stage schemas; drops what it does not know, because files from older
 * versions must import.
 */
export const parseProjectExport = (input: unknown): ProjectSnapshot => {
  const parsed = envelopeSchema.safeParse(input);
  if (!parsed.success) {
    const top = parsed.error.issues[0]?.path[0];
    throw invalid(top === undefined || top === 'projectName' || top === 'stages' ? 'project' : String(top));
  }
  const envelope = parsed.data;
  return {
    name: envelope.projectName.trim() || DEFAULT_PROJECT_NAME,
    coreIdea: envelope.coreIdea?.trim() ?? '',
    parameters: uniqueItems(envelope.parameters ?? []),
    // Where the user stood is not worth refusing a whole file over: an unknown position starts at stage 1.
    currentStageIndex: stageNumberSchema.safeParse(envelope.currentStageIndex).data ?? 1,
    stages: parseExportedStages(envelope.stages),
  };
};

/**
 * Stage entries `{ stageNumber, data }` into typed stage data, defaults filled in. Also reads stage documents
 * of the same shape (the read model keeps them so). Stages this version does not know are skipped.
 */
export const parseExportedStages = (entries: readonly unknown[]): ProjectStages => {
  const found: Partial<Record<StageNumber, unknown>> = {};
  entries.forEach((entry, index) => {
    const parsed = stageEntrySchema.safeParse(entry);
    if (!parsed.success) throw invalid(`stages.${index}`);
    const stage = stageNumberSchema.safeParse(parsed.data.stageNumber ?? parsed.data.id).data;
    if (stage === undefined) return;
    if (stage in found) throw invalid(`stages.${index}.stageNumber`);
    found[stage] = parseStageData(stage, parsed.data.data ?? {}, `stages.${index}.data`);
  });
  return { ...emptyStages(), ...found } as ProjectStages;
};

const parseStageData = <N extends StageNumber>(stage: N, raw: Record<string, unknown>, field: string): StageData<N> => {
  // A null field is a field without a value: older exports wrote null where this version writes the empty value.
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null && value !== undefined));
  const result = stageDataSchemas[stage].safeParse({ ...emptyStage(stage), ...listsFromText(stage, present) });
  if (!result.success) throw invalid([field, ...(result.error.issues[0]?.path ?? [])].join('.'));
  return normalized(stage, result.data as StageData<N>);
};

/** Versions that kept only the joined text of a list are read by splitting that text (spec §5). */
const listsFromText = (stage: StageNumber, data: Record<string, unknown>): Record<string, unknown> => {
  const lists: Record<string, unknown> = {};
  for (const list of parameterListsOfStage(stage)) {
    const definition = PARAMETER_LISTS[list];
    const text = 'textField' in definition ? data[definition.textField] : undefined;
    if (!(list in data) && typeof text === 'string') lists[list] = splitItems(text);
  }
  return { ...data, ...lists };
};

const normalized = <N extends StageNumber>(stage: N, data: StageData<N>): StageData<N> => {
  const result: Record<string, unknown> = { ...data };
  for (const list of parameterListsOfStage(stage)) result[list] = uniqueItems(result[list] as string[]);
  if (stage === 3) {
    const { ideaConcepts, selectedConceptIndex } = data as StageData<3>;
    // A selection pointing past the concepts points at nothing.
    if (selectedConceptIndex !== null && selectedConceptIndex >= ideaConcepts.length) result.selectedConceptIndex = null;
  }
  return result as StageData<N>;
};
