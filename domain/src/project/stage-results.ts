import { FLOW_STAGES, type FlowStageId } from '../ai/flow-stages.ts';
import { maxWordsOfList, truncateWords } from '../ai/parameter-kinds.ts';
import type { CommandMetadata } from '../decider.ts';
import { withoutUnsafeCharacters, withoutUnsafeTextCharacters } from '../text.ts';
import type { ProjectCommand } from './commands.ts';
import { draftNotesOf } from './stage-drafts.ts';
import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PARAMETER_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  MAX_SIMPLICITY_SCORE,
  MIN_PARAMETER_LENGTH,
  MIN_SIMPLICITY_SCORE,
  PARAMETER_LISTS,
  type ParameterListName,
} from './constants.ts';
import { technicalReportSchema, type IdeaConcept, type TechnicalReport } from './stages.ts';
import { parameterListOf, type ActiveProjectState } from './state.ts';

/** A flow stage's results by extraction field (domain/src/ai/flow-stages.ts): texts, lists of texts, or concepts. */
export type StageResults = Record<string, unknown>;

const line = (value: unknown, max: number) => (typeof value === 'string' ? withoutUnsafeCharacters(value).trim().slice(0, max).trim() : '');
const text = (value: unknown, max: number) => {
  if (Array.isArray(value)) return text(value.filter((item) => typeof item === 'string').join('\n'), max);
  return typeof value === 'string' ? withoutUnsafeTextCharacters(value).trim().slice(0, max).trim() : '';
};
const lines = (value: unknown, max: number) => (Array.isArray(value) ? value.map((item) => line(item, max)).filter((item) => item !== '') : []);

const isParameterList = (field: string): field is ParameterListName => Object.hasOwn(PARAMETER_LISTS, field);

/** Concepts as a model wrote them, made into what ProposeConcepts accepts: named, scored 0–5 in whole numbers. */
const concepts = (value: unknown): IdeaConcept[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): IdeaConcept[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, simplicityScore, coreAction, viralHook } = item as Record<string, unknown>;
    const named = line(name, MAX_NAME_LENGTH);
    const score = Number(simplicityScore);
    if (named === '' || !Number.isFinite(score)) return [];
    const action = text(coreAction, MAX_NOTE_LENGTH);
    const hook = text(viralHook, MAX_NOTE_LENGTH);
    return [
      {
        name: named,
        simplicityScore: Math.min(MAX_SIMPLICITY_SCORE, Math.max(MIN_SIMPLICITY_SCORE, Math.round(score))),
        ...(action ? { coreAction: action } : {}),
        ...(hook ? { viralHook: hook } : {}),
      },
    ];
  });
};

/**
 * The technical stage starts (or fills in) the technical report: what the results name replaces that part of
 * the report; the rest of a report the user already has is kept.
 */
const technicalReport = (current: TechnicalReport | null, results: StageResults): TechnicalReport | null => {
  const architecture = text(results.architecture, MAX_REPORT_TEXT_LENGTH);
  const mvpDefinition = text(results.mvpDefinition, MAX_REPORT_TEXT_LENGTH);
  const phases = lines(results.implementationSteps, MAX_REPORT_TEXT_LENGTH);
  if (!architecture && !mvpDefinition && phases.length === 0) return null;
  const report = current ?? technicalReportSchema.parse({});
  return {
    ...report,
    technicalSpecifications: { ...report.technicalSpecifications, ...(architecture ? { architecture } : {}) },
    prototypeStructure: { ...report.prototypeStructure, ...(mvpDefinition ? { mvpDefinition } : {}) },
    implementationPlan: { ...report.implementationPlan, ...(phases.length > 0 ? { phases } : {}) },
  };
};

/**
 * What a flow stage's results do to the guided stage they belong to (spec 01 §4, 'Idea generation flow'): list
 * values are added (repeats and values too short to be parameters are left out), texts replace what the stage
 * had, concepts are proposed, the technical stage's fields go into the technical report. Fields the stage does
 * not extract are ignored. The AI's words are cut to the project's limits rather than refused: the user has
 * paid for the answer, and a refusal here would throw it away.
 */
export const stageResultCommands = (
  project: ActiveProjectState,
  stageId: FlowStageId,
  results: StageResults,
  metadata: CommandMetadata,
): ProjectCommand[] => {
  const stage = FLOW_STAGES[stageId];
  const { projectId } = project;
  if (stage.id === 'technical') {
    const report = technicalReport(project.stages[6].technicalReport, results);
    return report ? [{ type: 'RecordTechnicalReport', data: { projectId, report }, metadata }] : [];
  }
  const commands: ProjectCommand[] = [];
  const notes: Record<string, string> = {};
  for (const [field, shape] of Object.entries(stage.extractionFields)) {
    const value = results[field];
    if (shape === 'list' && isParameterList(field)) {
      const maxWords = maxWordsOfList(field);
      // Generated values are merged without duplicates (spec 01 §5): one the list holds in another case is left
      // out, where a person's typed one would be refused.
      const held = new Set(parameterListOf(project, field).map((value) => value.toLocaleLowerCase()));
      for (const entry of lines(value, MAX_PARAMETER_LENGTH)) {
        // Cut to the list's word cap, which AddParameter would refuse beyond: the answer is paid for.
        const item = maxWords === null ? entry : truncateWords(entry, maxWords);
        const key = item.toLocaleLowerCase();
        if (item.length < MIN_PARAMETER_LENGTH || held.has(key)) continue;
        held.add(key);
        commands.push({ type: 'AddParameter', data: { projectId, list: field, value: item }, metadata });
      }
    } else if (shape === 'text') {
      const written = text(value, MAX_NOTE_LENGTH);
      if (written !== '') notes[field] = written;
    } else if (shape === 'concepts') {
      // A name the list already has (or a repeat in the answer) is left out: ProposeConcepts refuses repeats.
      const names = new Set(project.stages[3].ideaConcepts.map((concept) => concept.name));
      const proposed = concepts(value).filter((concept) => !names.has(concept.name) && names.add(concept.name));
      if (proposed.length > 0) commands.push({ type: 'ProposeConcepts', data: { projectId, concepts: proposed }, metadata });
    }
  }
  if (Object.keys(notes).length > 0) {
    // The flow's text fields are the notes of the guided stage of the same number (flow-stages.ts names them so).
    // Stage 5's page texts (webpageHeadline, …) go into its webpageElements, as its drafts do.
    const fields = stage.stageNumber === 5 ? draftNotesOf(project.stages[5], notes) : notes;
    const update = { type: 'UpdateStageNotes', data: { projectId, stage: stage.stageNumber, fields }, metadata };
    commands.push(update as ProjectCommand);
  }
  return commands;
};
