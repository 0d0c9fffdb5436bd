import { maxWordsOfList, truncateWords } from '../ai/parameter-kinds.ts';
import type { CommandMetadata } from '../decider.ts';
import type { ApplyQuickIdea, ProjectCommand } from './commands.ts';
import { DEFAULT_PROJECT_NAME, MAX_LIST_ITEMS, MIN_PARAMETER_LENGTH, PARAMETER_LIST_NAMES } from './constants.ts';
import { parseProjectExport } from './export.ts';
import { parameterListOf, type ActiveProjectState } from './state.ts';

/** The texts of stages 4 and 5 a quick idea drafts (the rest of stage 5 stays the person's to write). */
const FILLED_NOTES = {
  4: ['selectedIdeaName', 'rewardSource', 'rewardFlow', 'sustainabilityCheck', 'externalitiesCheck'],
  5: ['finalConceptName', 'oneLinerPitch', 'detailedDescription', 'viralLoopExplained', 'sustainabilityLoopExplained'],
} as const;

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * Quick Start's "Fill this project" (spec 01 §2 /generator): a quick idea goes into the project the person is
 * on, never over what they wrote. Lists gain the values they lack (as far as they have room); concepts new by
 * name are proposed, and the first is selected when none is; a text is written only where the project's is
 * empty; the name only while it is the default one, the core idea only while there is none. What the project
 * already has is left as it is, so a fill that finds nothing to add changes nothing.
 */
export const quickIdeaFillCommands = (project: ActiveProjectState, data: ApplyQuickIdea['data'], metadata: CommandMetadata): ProjectCommand[] => {
  const { projectId } = project;
  const idea = parseProjectExport({ ...data, projectName: typeof data.projectName === 'string' ? data.projectName : '', stages: data.stages ?? [] });
  const commands: ProjectCommand[] = [];
  if (project.name === DEFAULT_PROJECT_NAME && idea.name !== DEFAULT_PROJECT_NAME) {
    commands.push({ type: 'RenameProject', data: { projectId, name: idea.name }, metadata });
  }
  if (isBlank(project.coreIdea) && idea.coreIdea !== '') {
    commands.push({ type: 'SetCoreIdea', data: { projectId, coreIdea: idea.coreIdea }, metadata });
  }
  for (const list of PARAMETER_LIST_NAMES) {
    const current = parameterListOf(project, list);
    const room = MAX_LIST_ITEMS - current.length;
    // Cut to the list's words rather than refused: the person paid for the idea (AddParameter refuses more).
    const maxWords = maxWordsOfList(list);
    const cut = (value: string) => (maxWords === null ? value.trim() : truncateWords(value, maxWords));
    // Merged without duplicates, whatever their case: AddParameter refuses one that differs only in case.
    const held = new Set(current.map((value) => value.toLocaleLowerCase()));
    const added = [...new Set(parameterListOf(idea, list).map(cut))]
      .filter((value) => value.length >= MIN_PARAMETER_LENGTH && !held.has(value.toLocaleLowerCase()) && held.add(value.toLocaleLowerCase()))
      .slice(0, Math.max(0, room));
    for (const value of added) commands.push({ type: 'AddParameter', data: { projectId, list, value }, metadata });
  }
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  const names = new Set(ideaConcepts.map((concept) => concept.name));
  const concepts = idea.stages[3].ideaConcepts.filter((concept) => !names.has(concept.name)).slice(0, MAX_LIST_ITEMS);
  if (concepts.length > 0) {
    commands.push({ type: 'ProposeConcepts', data: { projectId, concepts }, metadata });
    if (selectedConceptIndex === null) commands.push({ type: 'SelectConcept', data: { projectId, index: ideaConcepts.length }, metadata });
  }
  for (const stage of [4, 5] as const) {
    const current = project.stages[stage] as Record<string, unknown>;
    const offered = idea.stages[stage] as Record<string, unknown>;
    const fields = Object.fromEntries(
      FILLED_NOTES[stage].filter((field) => isBlank(current[field]) && !isBlank(offered[field])).map((field) => [field, offered[field] as string]),
    );
    if (Object.keys(fields).length > 0) commands.push({ type: 'UpdateStageNotes', data: { projectId, stage, fields }, metadata });
  }
  return commands;
};
