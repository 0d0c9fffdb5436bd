import { z } from 'zod';
import { draftTextOf, FLOW_STAGES, webpageKeyOf } from '../ai/flow-stages.ts';
import type { Command } from '../decider.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { namedId, userLine, userText, withoutUnsafeTextCharacters } from '../text.ts';
import { MAX_NOTE_LENGTH } from './constants.ts';
import type { ProjectEvent, StageNotesUpdated } from './events.ts';
import { ideaConceptSchema, type IdeaConcept } from './stages.ts';
import type { ActiveProjectState, ProjectState } from './state.ts';

/**
 * The AI's drafts of stages 4 and 5, and what a person does with each: a draft fills a field that is empty, and
 * beside a field that has text it waits as a proposal until the person keeps their text, replaces it or appends
 * the proposal. Nothing a person typed is ever overwritten without their choice.
 */
export const DRAFT_FIELDS: Record<4 | 5, readonly string[]> = {
  // What the flow's mechanics and refinement stages extract, in their order: the one list of what a draft writes.
  4: Object.keys(FLOW_STAGES.mechanics.extractionFields),
  5: Object.keys(FLOW_STAGES.refinement.extractionFields),
};

/** Drafted texts as the notes update that writes them: page texts go into a copy of `webpageElements`. */
export const draftNotesOf = (notes: Record<string, unknown>, texts: Record<string, string>): Record<string, unknown> => {
  const fields: Record<string, unknown> = {};
  for (const [field, text] of Object.entries(texts)) {
    const key = webpageKeyOf(field);
    if (!key) fields[field] = text;
    else fields.webpageElements = { ...((fields.webpageElements ?? notes.webpageElements) as Record<string, unknown>), [key]: text };
  }
  return fields;
};
export type DraftStage = keyof typeof DRAFT_FIELDS;
export const DRAFT_STAGES = [4, 5] as const;

/** One-line fields get an appended proposal on the same line; the others a new paragraph. */
const ONE_LINE_FIELDS: readonly string[] = ['selectedIdeaName', 'finalConceptName', 'oneLinerPitch', 'webpageHeadline', 'webpageCta'];

export const isDraftField = (stage: DraftStage, field: string) => DRAFT_FIELDS[stage].includes(field);

/** A proposal waiting beside a field's text: named by the AI request that made it and the field. */
export interface DraftProposal {
  requestId: string;
  stage: DraftStage;
  field: string;
  text: string;
}

export const DRAFT_CHOICES = ['keep', 'replace', 'append'] as const;
export type DraftChoice = (typeof DRAFT_CHOICES)[number];

const draftStage = z.union([z.literal(4), z.literal(5)]);

/** Built by the AI gateway from a model's answer (never sent by a browser): `field` when one field was asked for. */
export const proposeStageDraftsSchema = z.strictObject({
  projectId: namedId(),
  stage: draftStage,
  requestId: z.string().max(200),
  drafts: z.record(z.string().max(100), z.string()),
  field: z.string().max(100).optional(),
});

/** Keep, Replace or Append: the browser names the proposal; the server applies the text it stored. */
export const resolveDraftProposalSchema = z.strictObject({
  projectId: namedId(),
  requestId: userLine(200).min(1),
  field: userLine(100).min(1),
  choice: z.enum(DRAFT_CHOICES),
});

export const updateConceptSchema = z.strictObject({
  projectId: namedId(),
  index: z.number().int(),
  concept: z.strictObject({
    name: userLine(200),
    simplicityScore: z.number().int(),
    coreAction: userText(MAX_NOTE_LENGTH).optional(),
    viralHook: userText(MAX_NOTE_LENGTH).optional(),
  }),
});

export const removeConceptSchema = z.strictObject({ projectId: namedId(), index: z.number().int() });

type CommandOf<T extends string, S extends z.ZodType> = Command<T, z.infer<S>>;
export type ProposeStageDrafts = CommandOf<'ProposeStageDrafts', typeof proposeStageDraftsSchema>;
export type ResolveDraftProposal = CommandOf<'ResolveDraftProposal', typeof resolveDraftProposalSchema>;
export type UpdateConcept = CommandOf<'UpdateConcept', typeof updateConceptSchema>;
export type RemoveConcept = CommandOf<'RemoveConcept', typeof removeConceptSchema>;
export type StageDraftCommand = ProposeStageDrafts | ResolveDraftProposal | UpdateConcept | RemoveConcept;

export const stageDraftCommandSchemas = {
  ProposeStageDrafts: proposeStageDraftsSchema,
  ResolveDraftProposal: resolveDraftProposalSchema,
  UpdateConcept: updateConceptSchema,
  RemoveConcept: removeConceptSchema,
};

export const stageDraftsProposedSchema = z.object({
  projectId: z.string(),
  stage: draftStage,
  requestId: z.string(),
  /** Field → the AI's text, for fields that already had text of the person's. */
  proposals: z.record(z.string(), z.string()),
  proposedAt: z.string(),
});

export const draftProposalResolvedSchema = z.object({
  projectId: z.string(),
  stage: draftStage,
  requestId: z.string(),
  field: z.string(),
  choice: z.enum(DRAFT_CHOICES),
  resolvedAt: z.string(),
});

export const conceptUpdatedSchema = z.object({
  projectId: z.string(),
  index: z.number().int(),
  concept: ideaConceptSchema,
  previous: ideaConceptSchema,
  updatedAt: z.string(),
});

export const conceptRemovedSchema = z.object({
  projectId: z.string(),
  index: z.number().int(),
  concept: ideaConceptSchema,
  removedAt: z.string(),
});

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type StageDraftsProposed = EventOf<'StageDraftsProposed', typeof stageDraftsProposedSchema>;
export type DraftProposalResolved = EventOf<'DraftProposalResolved', typeof draftProposalResolvedSchema>;
export type ConceptUpdated = EventOf<'ConceptUpdated', typeof conceptUpdatedSchema>;
export type ConceptRemoved = EventOf<'ConceptRemoved', typeof conceptRemovedSchema>;
export type StageDraftEvent = StageDraftsProposed | DraftProposalResolved | ConceptUpdated | ConceptRemoved;

export const stageDraftEventSchemas = {
  StageDraftsProposed: stageDraftsProposedSchema,
  DraftProposalResolved: draftProposalResolvedSchema,
  ConceptUpdated: conceptUpdatedSchema,
  ConceptRemoved: conceptRemovedSchema,
};

/** The message the stage 3 form shows; the domain refuses a second concept of the same name with it. */
export const DUPLICATE_CONCEPT_MESSAGE = 'A concept with this name already exists';

const requireOwned = (state: ProjectState, projectId: string, actorId: string): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

const cleanDraft = (value: string) => withoutUnsafeTextCharacters(value).trim().slice(0, MAX_NOTE_LENGTH).trim();

const notesUpdated = (
  projectId: string,
  stage: DraftStage,
  texts: Record<string, string>,
  current: Record<string, unknown>,
  at: string,
): StageNotesUpdated => {
  const fields = draftNotesOf(current, texts);
  return {
    type: 'StageNotesUpdated',
    data: {
      projectId,
      stage,
      fields,
      previous: Object.fromEntries(Object.keys(fields).map((field) => [field, current[field]])),
      updatedAt: at,
    },
  };
};

export const pendingProposals = (project: Pick<ActiveProjectState, 'draftProposals'>): readonly DraftProposal[] => project.draftProposals ?? [];

const proposeStageDrafts = ({ data, metadata }: ProposeStageDrafts, state: ProjectState): ProjectEvent[] => {
  const project = requireOwned(state, data.projectId, metadata.actorId);
  const { stage } = data;
  if (data.field !== undefined && !isDraftField(stage, data.field))
    throw new ValidationError('field', `field: stage ${stage} has no field '${data.field}'`);
  const current = project.stages[stage] as Record<string, unknown>;
  const fills: Record<string, string> = {};
  const proposals: Record<string, string> = {};
  for (const field of DRAFT_FIELDS[stage]) {
    if (data.field !== undefined && field !== data.field) continue;
    const raw = data.drafts[field];
    const text = typeof raw === 'string' ? cleanDraft(raw) : '';
    if (text === '') continue;
    const now = draftTextOf(current, field);
    if (now.trim() === '') fills[field] = text;
    else if (now.trim() !== text) proposals[field] = text;
  }
  const events: ProjectEvent[] = [];
  if (Object.keys(fills).length > 0) events.push(notesUpdated(data.projectId, stage, fills, current, metadata.now));
  if (Object.keys(proposals).length > 0) {
    events.push({
      type: 'StageDraftsProposed',
      data: { projectId: data.projectId, stage, requestId: data.requestId, proposals, proposedAt: metadata.now },
    });
  }
  return events;
};

const resolveDraftProposal = ({ data, metadata }: ResolveDraftProposal, state: ProjectState): ProjectEvent[] => {
  const project = requireOwned(state, data.projectId, metadata.actorId);
  const proposal = pendingProposals(project).find((each) => each.requestId === data.requestId && each.field === data.field);
  if (!proposal) throw new ValidationError('requestId', 'This suggestion is no longer waiting for a choice', 'Suggestion not found');
  const { stage, field, text } = proposal;
  const current = project.stages[stage] as Record<string, unknown>;
  const now = draftTextOf(current, field);
  const resolved: ProjectEvent = {
    type: 'DraftProposalResolved',
    data: { projectId: data.projectId, stage, requestId: data.requestId, field, choice: data.choice, resolvedAt: metadata.now },
  };
  if (data.choice === 'keep') return [resolved];
  const separator = ONE_LINE_FIELDS.includes(field) ? ' ' : '\n\n';
  const next = data.choice === 'replace' || now.trim() === '' ? text : `${now.trimEnd()}${separator}${text}`.slice(0, MAX_NOTE_LENGTH);
  if (next === now) return [resolved];
  return [notesUpdated(data.projectId, stage, { [field]: next }, current, metadata.now), resolved];
};

/** A concept as the person edits it: the same rules as a new one, and its name still unique. */
export const checkedConceptAt = (proposed: { name: string; simplicityScore: number; coreAction?: string; viralHook?: string }, field: string) => {
  const name = proposed.name.trim();
  if (name === '') throw new ValidationError(`${field}.name`, 'Concept name is required');
  const score = proposed.simplicityScore;
  if (!Number.isInteger(score) || score < 0 || score > 5) {
    throw new ValidationError(`${field}.simplicityScore`, 'Simplicity score must be a whole number from 0 to 5');
  }
  const coreAction = proposed.coreAction?.trim();
  const viralHook = proposed.viralHook?.trim();
  return { name, simplicityScore: score, ...(coreAction ? { coreAction } : {}), ...(viralHook ? { viralHook } : {}) } satisfies IdeaConcept;
};

const updateConcept = ({ data, metadata }: UpdateConcept, state: ProjectState): ProjectEvent[] => {
  const project = requireOwned(state, data.projectId, metadata.actorId);
  const concepts = project.stages[3].ideaConcepts;
  const previous = concepts[data.index];
  if (!previous) throw new ValidationError('index', 'Concept not found');
  const concept = checkedConceptAt(data.concept, 'concept');
  if (concepts.some((other, index) => index !== data.index && other.name === concept.name)) {
    throw new ValidationError('concept.name', DUPLICATE_CONCEPT_MESSAGE);
  }
  if (JSON.stringify(concept) === JSON.stringify(previous)) return [];
  return [{ type: 'ConceptUpdated', data: { projectId: data.projectId, index: data.index, concept, previous, updatedAt: metadata.now } }];
};

/** Removing what is already gone is what a second click does; an index past the list is bad input. */
const removeConcept = ({ data, metadata }: RemoveConcept, state: ProjectState): ProjectEvent[] => {
  const project = requireOwned(state, data.projectId, metadata.actorId);
  const concept = project.stages[3].ideaConcepts[data.index];
  if (!concept) throw new ValidationError('index', 'Concept not found');
  return [{ type: 'ConceptRemoved', data: { projectId: data.projectId, index: data.index, concept, removedAt: metadata.now } }];
};

export const decideStageDrafts = (command: StageDraftCommand, state: ProjectState): ProjectEvent[] => {
  switch (command.type) {
    case 'ProposeStageDrafts':
      return proposeStageDrafts(command, state);
    case 'ResolveDraftProposal':
      return resolveDraftProposal(command, state);
    case 'UpdateConcept':
      return updateConcept(command, state);
    case 'RemoveConcept':
      return removeConcept(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/** What the draft events do to the project. */
export const evolveStageDrafts = (state: ActiveProjectState, event: StageDraftEvent): ActiveProjectState => {
  switch (event.type) {
    case 'StageDraftsProposed': {
      const { stage, requestId, proposals } = event.data;
      const kept = pendingProposals(state).filter((each) => each.stage !== stage || !Object.hasOwn(proposals, each.field));
      const added = Object.entries(proposals).map(([field, text]) => ({ requestId, stage, field, text }));
      return { ...state, draftProposals: [...kept, ...added] };
    }
    case 'DraftProposalResolved': {
      const { requestId, field } = event.data;
      return { ...state, draftProposals: pendingProposals(state).filter((each) => each.requestId !== requestId || each.field !== field) };
    }
    case 'ConceptUpdated': {
      const ideaConcepts = state.stages[3].ideaConcepts.map((concept, index) => (index === event.data.index ? event.data.concept : concept));
      return { ...state, stages: { ...state.stages, 3: { ...state.stages[3], ideaConcepts } } };
    }
    case 'ConceptRemoved': {
      const { index } = event.data;
      const selected = state.stages[3].selectedConceptIndex;
      const ideaConcepts = state.stages[3].ideaConcepts.filter((_, each) => each !== index);
      const selectedConceptIndex = selected === null || selected === index ? null : selected > index ? selected - 1 : selected;
      return { ...state, stages: { ...state.stages, 3: { ideaConcepts, selectedConceptIndex } } };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

/** A reset or import starts the stage's texts again: proposals made against the old texts go with them. */
export const withoutProposals = (state: ActiveProjectState, stage?: number): ActiveProjectState =>
  state.draftProposals === undefined
    ? state
    : { ...state, draftProposals: state.draftProposals.filter((each) => stage !== undefined && each.stage !== stage) };

/** POST /api/draft-stage: what the stage's draft put where (the browser refetches the project at `position`). */
export interface DraftStageResponse {
  success: true;
  stage: 3 | 4 | 5;
  /** Stage 3: the names of the concepts added. */
  concepts: string[];
  /** Stages 4 and 5: the fields drafted (empty ones were filled; the others have a proposal waiting in the project). */
  drafted: string[];
  offline: boolean;
  requestId: string;
  position?: string;
}
