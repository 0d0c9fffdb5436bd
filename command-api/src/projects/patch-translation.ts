import {
  isMaskedGeminiKey,
  isSafeLine,
  isSafeText,
  NotFoundError,
  PARAMETER_LISTS,
  PROJECT_KINDS,
  parameterListOf,
  parameterListsOfStage,
  sameValue,
  splitItems,
  stageNotesSchemas,
  uniqueItems,
  UNSAFE_TEXT_MESSAGE,
  userLine,
  userText,
  ValidationError,
  type ActiveProjectState,
  type AudienceSegment,
  type CommandMetadata,
  type ParameterListName,
  type ProjectCommand,
  type ProjectState,
  type StageNumber,
} from '@vis/domain';
import { z } from 'zod';

/**
 * The spec's PATCH calls send whole documents ("make it look like this"). Commands say what the user did, so a
 * PATCH becomes the commands that lead from the current state to the one sent: a field left as it is gives no
 * command, and a PATCH that changes nothing appends nothing.
 */

/** Sent back as the client got them and not stored, yet still text from a client. */
const fixedText = z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional();
const stageFixedTexts = {
  title: fixedText,
  objective: fixedText,
  simulatedModel: fixedText,
  process: fixedText,
  outputFormat: fixedText,
};
const timestamp = z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE).optional();

export const projectPatchSchema = z.strictObject({
  id: userLine(200).optional(),
  name: userLine(200).optional(),
  projectName: userLine(200).optional(),
  coreIdea: userText(5000).optional(),
  parameters: z.array(userLine(200)).max(500).optional(),
  aiApiKey: userLine(500).optional(),
  aiApiStatus: userLine(20).optional(),
  currentStageIndex: z.number().int().min(1).max(6).optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ProjectPatch = z.infer<typeof projectPatchSchema>;

export const stagePatchSchema = z.strictObject({
  id: z.union([userLine(200), z.number()]).optional(),
  stageNumber: z.number().int().optional(),
  ...stageFixedTexts,
  // Suggestions are not parameters until the user adds them: they are not stored from a PATCH.
  geminiSuggestions: z.unknown().optional(),
  aiSuggestions: z.unknown().optional(),
  data: z.record(z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE), z.unknown()).optional(),
});
export type StagePatch = z.infer<typeof stagePatchSchema>;

/**
 * The spec's POST /api/projects body (spec 01 §7): a project and, optionally, its stages. `project.kind`
 * 'builder' makes the /game screen's project (spec 02 §2.6), which starts empty: it takes a name only.
 */
export const createProjectBody = z.strictObject({
  project: projectPatchSchema
    .omit({ id: true })
    .extend({ kind: z.enum(PROJECT_KINDS).optional() })
    .optional(),
  stages: z.array(stagePatchSchema).max(6).optional(),
});

const requireProject = (state: ProjectState, projectId: string, actorId: string): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

/** A list's changes as removals then additions, keeping the order the user gave to new values. */
const listCommands = (
  project: ActiveProjectState,
  list: ParameterListName,
  wanted: readonly string[],
  metadata: CommandMetadata,
): ProjectCommand[] => {
  const projectId = project.projectId;
  const current = parameterListOf(project, list);
  const next = uniqueItems(wanted.map((value) => value.trim()).filter((value) => value !== ''));
  return [
    ...current
      .filter((value) => !next.includes(value))
      .map((value): ProjectCommand => ({ type: 'RemoveParameter', data: { projectId, list, value }, metadata })),
    ...next
      .filter((value) => !current.includes(value))
      .map((value): ProjectCommand => ({ type: 'AddParameter', data: { projectId, list, value }, metadata })),
  ];
};

export const commandsForProjectPatch =
  (projectId: string, patch: ProjectPatch, metadata: CommandMetadata) =>
  (state: ProjectState): ProjectCommand[] => {
    const project = requireProject(state, projectId, metadata.actorId);
    // The masked key a GET answered comes back with a whole-project save: that is the key the project has.
    if (patch.aiApiKey && !isMaskedGeminiKey(patch.aiApiKey)) {
      throw new ValidationError(
        'aiApiKey',
        'aiApiKey: a Gemini key is kept apart from the project and cannot be set here (PUT /api/projects/{id}/gemini-key)',
      );
    }
    const commands: ProjectCommand[] = [];
    const name = patch.name ?? patch.projectName;
    if (name !== undefined && name.trim() !== project.name) commands.push({ type: 'RenameProject', data: { projectId, name }, metadata });
    if (patch.coreIdea !== undefined && patch.coreIdea.trim() !== project.coreIdea) {
      commands.push({ type: 'SetCoreIdea', data: { projectId, coreIdea: patch.coreIdea }, metadata });
    }
    if (patch.parameters) commands.push(...listCommands(project, 'parameters', patch.parameters, metadata));
    if (patch.currentStageIndex !== undefined && patch.currentStageIndex !== project.currentStageIndex) {
      commands.push({ type: 'SetCurrentStage', data: { projectId, stage: patch.currentStageIndex as StageNumber }, metadata });
    }
    return commands;
  };

const segmentsCommands = (project: ActiveProjectState, wanted: unknown, metadata: CommandMetadata): ProjectCommand[] => {
  const parsed = z
    .array(
      z.object({
        name: z.string().default(''),
        description: z.string().default(''),
        motivations: z.array(z.string()).default([]),
        reachStrategy: z.string().default(''),
      }),
    )
    .safeParse(wanted);
  if (!parsed.success)
    throw new ValidationError('data.audienceSegments', 'data.audienceSegments: must be a list of { name, description, motivations, reachStrategy }');
  const current = project.stages[2].audienceSegments;
  let common = 0;
  while (common < current.length && common < parsed.data.length && sameValue(current[common], parsed.data[common])) common++;
  const projectId = project.projectId;
  // Removed from the end first, so every index still names the segment it named when the PATCH was sent.
  const removals = current
    .slice(common)
    .map((_, offset) => current.length - 1 - offset)
    .map((index): ProjectCommand => ({ type: 'RemoveAudienceSegment', data: { projectId, index }, metadata }));
  const additions = parsed.data
    .slice(common)
    .map((segment: AudienceSegment): ProjectCommand => ({ type: 'AddAudienceSegment', data: { projectId, ...segment }, metadata }));
  return [...removals, ...additions];
};

const conceptCommands = (project: ActiveProjectState, data: Record<string, unknown>, metadata: CommandMetadata): ProjectCommand[] => {
  const projectId = project.projectId;
  const commands: ProjectCommand[] = [];
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  if (data.ideaConcepts !== undefined) {
    const parsed = z
      .array(
        z.object({
          name: z.string(),
          simplicityScore: z.number().int().min(0).max(5),
          coreAction: z.string().optional(),
          viralHook: z.string().optional(),
        }),
      )
      .safeParse(data.ideaConcepts);
    if (!parsed.success)
      throw new ValidationError('data.ideaConcepts', 'data.ideaConcepts: each concept needs a name and a simplicityScore from 0 to 5');
    const wantedNames = parsed.data.map((concept) => concept.name.trim());
    const missing = ideaConcepts.find((concept) => !wantedNames.includes(concept.name));
    if (missing)
      throw new ValidationError('data.ideaConcepts', `data.ideaConcepts: concepts can be added but not removed ('${missing.name}' is missing)`);
    const known = new Set(ideaConcepts.map((concept) => concept.name));
    const added = parsed.data.filter((concept) => !known.has(concept.name.trim()));
    if (added.length > 0) commands.push({ type: 'ProposeConcepts', data: { projectId, concepts: added }, metadata });
  }
  if (data.selectedConceptIndex !== undefined && data.selectedConceptIndex !== null && data.selectedConceptIndex !== selectedConceptIndex) {
    if (typeof data.selectedConceptIndex !== 'number')
      throw new ValidationError('data.selectedConceptIndex', 'data.selectedConceptIndex: must be a number');
    commands.push({ type: 'SelectConcept', data: { projectId, index: data.selectedConceptIndex }, metadata });
  }
  return commands;
};

/** The text forms the spec keeps beside lists; a client that changed only the text changed the list. */
const textFormOf = (list: ParameterListName) => {
  const definition = PARAMETER_LISTS[list];
  return 'textField' in definition ? definition.textField : undefined;
};

export const commandsForStagePatch =
  (projectId: string, stage: StageNumber, patch: StagePatch, metadata: CommandMetadata) =>
  (state: ProjectState): ProjectCommand[] => {
    const project = requireProject(state, projectId, metadata.actorId);
    const data = patch.data ?? {};
    const handled = new Set<string>();
    const commands: ProjectCommand[] = [];

    for (const list of parameterListsOfStage(stage)) {
      const textField = textFormOf(list);
      handled.add(list);
      if (textField) handled.add(textField);
      if (Array.isArray(data[list])) {
        if (!data[list].every((value) => typeof value === 'string'))
          throw new ValidationError(`data.${list}`, `data.${list}: must be a list of text`);
        commands.push(...listCommands(project, list, data[list], metadata));
      } else if (data[list] !== undefined) {
        throw new ValidationError(`data.${list}`, `data.${list}: must be a list of text`);
      } else if (textField && typeof data[textField] === 'string' && data[textField] !== parameterListOf(project, list).join(', ')) {
        commands.push(...listCommands(project, list, splitItems(data[textField]), metadata));
      }
    }

    if (stage === 2 && data.audienceSegments !== undefined) {
      handled.add('audienceSegments');
      commands.push(...segmentsCommands(project, data.audienceSegments, metadata));
    }
    if (stage === 3) {
      handled.add('ideaConcepts').add('selectedConceptIndex');
      commands.push(...conceptCommands(project, data, metadata));
    }
    if (stage === 6) {
      handled.add('technicalReport').add('finalPrompt');
      const { technicalReport, finalPrompt } = data as { technicalReport?: unknown; finalPrompt?: unknown };
      if (technicalReport && !sameValue(technicalReport, project.stages[6].technicalReport)) {
        commands.push({ type: 'RecordTechnicalReport', data: { projectId, report: technicalReport as never }, metadata });
      }
      if (typeof finalPrompt === 'string' && finalPrompt.trim() !== '' && finalPrompt !== project.stages[6].finalPrompt) {
        commands.push({ type: 'RecordFinalPrompt', data: { projectId, prompt: finalPrompt }, metadata });
      }
    }

    const noteFields = Object.keys(stageNotesSchemas[stage].shape);
    const notes: Record<string, unknown> = {};
    const current = project.stages[stage] as Record<string, unknown>;
    for (const [field, value] of Object.entries(data)) {
      if (handled.has(field)) continue;
      if (!noteFields.includes(field)) throw new ValidationError(`data.${field}`, `Unknown field: data.${field} (stage ${stage})`);
      if (!sameValue(value, current[field])) notes[field] = value;
    }
    if (Object.keys(notes).length > 0) commands.push({ type: 'UpdateStageNotes', data: { projectId, stage, fields: notes } as never, metadata });
    return commands;
  };
