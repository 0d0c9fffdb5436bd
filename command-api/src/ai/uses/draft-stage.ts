import {
  AI_FAILURE_MESSAGES,
  DRAFT_FIELDS,
  EMPTY_IDEA_MESSAGE,
  EMPTY_IDEA_TITLE,
  FLOW_STAGES,
  isDraftField,
  userLine,
  ValidationError,
  type ActiveProjectState,
  type DraftStageResponse,
  type IdeaConcept,
} from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { z } from 'zod';
import { stageResults } from '../answers.ts';
import { noteLabel } from '../context.ts';
import { AiProviderError, type AiContext } from '../provider.ts';
import { answered, contextFor, requireGuided, type AiRoute } from './shared.ts';

const FLOW_OF = { 3: FLOW_STAGES.ideation, 4: FLOW_STAGES.mechanics, 5: FLOW_STAGES.refinement } as const;
/** Generate concepts proposes three (spec 01 §3 stage 3 data). */
const CONCEPTS_PER_DRAFT = 3;

export const draftStageBody = z.strictObject({
  projectId: userLine(200).min(1),
  stage: z.union([z.literal(3), z.literal(4), z.literal(5)]),
  /** One field's Suggest; without it, the whole stage is drafted. */
  field: userLine(100).optional(),
});

/**
 * The texts being drafted are left out of what the model is told: it is asked for its own words to put beside
 * the person's, not for theirs back.
 */
const withoutDrafted = (context: AiContext, stage: 3 | 4 | 5, field: string | undefined): AiContext => {
  if (stage === 3) return context;
  const drafted = new Set<string>(field === undefined ? DRAFT_FIELDS[stage] : [field]);
  return { ...context, notes: Object.fromEntries(Object.entries(context.notes).filter(([name]) => !drafted.has(name))) };
};

/** Everything that can refuse the request is checked here, before anything is charged. */
const checked = (project: ActiveProjectState | null, stage: 3 | 4 | 5, field: string | undefined) => {
  requireGuided(project);
  if (!project) throw new ValidationError('projectId', 'projectId: name the project to draft');
  if (project.coreIdea.trim() === '') throw new ValidationError('coreIdea', EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE);
  if (field !== undefined && (stage === 3 || !isDraftField(stage, field))) {
    throw new ValidationError('field', `field: stage ${stage} has no field '${field}' to suggest for`);
  }
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  if (stage !== 3 && (selectedConceptIndex === null || !ideaConcepts[selectedConceptIndex])) {
    throw new ValidationError('stage', 'Select a concept on stage 3 first: the mechanics and the refinement are of the selected concept');
  }
  return project;
};

/**
 * Stages 3–5 drafted by the AI (the flow's ideation, mechanics and refinement), applied by the server in the
 * same request: stage 3's concepts join the list, and stage 4 and 5 drafts fill empty fields and wait as
 * proposals beside fields that have text (ProposeStageDrafts), so nothing a person typed is overwritten.
 */
export const draftStage: AiRoute = {
  method: 'post',
  path: '/api/draft-stage',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(draftStageBody, ctx.request.body);
    const { stage, field } = body;
    const flow = FLOW_OF[stage];
    let existingNames = new Set<string>();
    const result = await gateway.run(ctx, {
      use: 'ideaStage',
      failure: AI_FAILURE_MESSAGES.ideaStage,
      projectId: body.projectId,
      input: (project) => {
        const owned = checked(project, stage, field);
        existingNames = new Set(owned.stages[3].ideaConcepts.map((concept) => concept.name));
        const focusOn = field === undefined ? '' : noteLabel(field);
        return {
          context: withoutDrafted(contextFor(owned), stage, field),
          stage: flow,
          prompt: flow.defaultPrompt,
          focusOn,
          iterations: 1,
          quick: false,
        };
      },
      accept: (output, input) => {
        const fields = stageResults(flow, output.fields, input.context);
        if (stage === 3) {
          const concepts = (fields.ideaConcepts as IdeaConcept[]).filter((concept) => !existingNames.has(concept.name)).slice(0, CONCEPTS_PER_DRAFT);
          if (concepts.length === 0) throw new AiProviderError('empty', 'Every concept the answer named is on the list already');
          return { fields: { ideaConcepts: concepts }, summary: output.summary.trim() };
        }
        const asked = field === undefined ? DRAFT_FIELDS[stage] : [field];
        if (!asked.some((name) => typeof fields[name] === 'string' && fields[name].trim() !== '')) {
          throw new AiProviderError('empty', 'The answer drafted none of the fields asked for');
        }
        return { fields, summary: output.summary.trim() };
      },
      record: (output, { requestId, ai }) => [
        {
          type: 'RecordAiResults',
          data: {
            projectId: body.projectId,
            requestId,
            ai,
            use: 'ideaStage',
            asked: { stage: flow.id, prompt: flow.defaultPrompt, ...(field ? { field } : {}) },
            results: output,
          },
        },
        stage === 3
          ? { type: 'ProposeConcepts', data: { projectId: body.projectId, concepts: output.fields.ideaConcepts as IdeaConcept[] } }
          : {
              type: 'ProposeStageDrafts',
              data: {
                projectId: body.projectId,
                stage,
                requestId,
                drafts: Object.fromEntries(Object.entries(output.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
                ...(field ? { field } : {}),
              },
            },
      ],
      done: () => `${flow.title} stage drafted`,
    });
    ctx.body = {
      success: true,
      stage,
      ...outcomeOf(result.output.fields, field),
      ...answered(result),
      ...(result.position === null ? {} : { position: result.position }),
    } satisfies DraftStageResponse;
  },
};

const outcomeOf = (fields: Record<string, unknown>, field: string | undefined) => ({
  concepts: Array.isArray(fields.ideaConcepts) ? (fields.ideaConcepts as IdeaConcept[]).map((concept) => concept.name) : [],
  drafted: Object.entries(fields)
    .filter(([name, value]) => typeof value === 'string' && value.trim() !== '' && (field === undefined || name === field))
    .map(([name]) => name),
});
