import {
  AI_FAILURE_MESSAGES,
  assertListHasRoom,
  GUIDED_FIELD_TYPES,
  GUIDED_PARAMETER_KINDS,
  guidedListOf,
  MIN_PARAMETER_LENGTH,
  NO_PARAMETERS_GENERATED,
  PARAMETER_LISTS,
  STAGE_TWO_KIND_NAMES,
  STAGE_TWO_KINDS,
  ValidationError,
  type GenerateParametersResponse,
  type GuidedParameterList,
  type StageTwoKind,
} from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AiGateway } from '../ai-gateway.ts';
import { cleanSuggestions } from '../answers.ts';
import { generateKindParametersBody, generateParametersBody } from '../schemas.ts';
import { answered, contextFor, exclusionsFor, requireGuided, type AiRoute } from './shared.ts';

const generateFor = async (ctx: Context, gateway: AiGateway, list: GuidedParameterList, body: z.infer<typeof generateKindParametersBody>) => {
  const kind = GUIDED_PARAMETER_KINDS[list];
  const count = body.count ?? kind.count;
  if (body.addToList && !body.projectId) throw new ValidationError('addToList', 'addToList: name the project (projectId) whose list gains them');
  const result = await gateway.run(ctx, {
    use: 'parameters',
    failure: AI_FAILURE_MESSAGES.parameters,
    emptyTitle: NO_PARAMETERS_GENERATED,
    projectId: body.projectId,
    input: (project) => {
      if (body.addToList && project) {
        requireGuided(project);
        assertListHasRoom(project, list);
      }
      const context = contextFor(project, body);
      return { context, list, kind, count, exclude: exclusionsFor(project, context, list, body.excludeParameters) };
    },
    accept: (output, input) => ({ parameters: cleanSuggestions(output.parameters, { count, maxWords: kind.maxWords, exclude: input.exclude }) }),
    record: (output, { requestId, ai, input }) => [
      {
        type: 'RecordAiSuggestions',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'parameters',
          list,
          kind: list,
          asked: { count, excluded: input.exclude, coreIdea: input.context.coreIdea },
          suggestions: output.parameters,
        },
      },
      // Each is added as the user's Add would add it: the decider leaves out what the list already holds.
      ...(body.addToList
        ? output.parameters
            .filter((value) => value.trim().length >= MIN_PARAMETER_LENGTH)
            .map((value) => ({ type: 'AddParameter' as const, data: { projectId: body.projectId!, list, value } }))
        : []),
    ],
    done: (output) => `Generated ${output.parameters.length} parameters`,
  });
  ctx.body = {
    success: true,
    parameters: result.output.parameters,
    message: `Generated ${result.output.parameters.length} parameters`,
    ...answered(result),
    ...(result.position === null ? {} : { position: result.position }),
  } satisfies GenerateParametersResponse;
};

/** Stage 1 names a list by `fieldType`; stage 2 by `stageId: 2` and (ours) `fieldType`, else its sustainability list. */
export const generateParameters: AiRoute = {
  method: 'post',
  path: '/api/generate-parameters',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(generateParametersBody, ctx.request.body);
    const stage = body.stageId === undefined ? undefined : Number(body.stageId);
    const fallback: GuidedParameterList = stage === 2 ? 'sustainabilityParameters' : 'viralParameters';
    const list = body.fieldType ? guidedListOf(body.fieldType) : fallback;
    if (!list) {
      // The kinds accepted are named, so a client that guessed a name can correct it from the answer alone.
      throw new ValidationError('fieldType', `fieldType: unknown parameter kind '${body.fieldType}'; one of ${GUIDED_FIELD_TYPES.join(', ')}`);
    }
    if (stage !== undefined && PARAMETER_LISTS[list].stage !== stage) {
      throw new ValidationError('fieldType', `fieldType: '${body.fieldType}' is not a stage ${stage} list`);
    }
    const { fieldType: _fieldType, stageId: _stageId, ...rest } = body;
    await generateFor(ctx, gateway, list, rest);
  },
};

/** The spec's per-kind generation for stage 2, path not shown there: one path per kind. */
export const generateKindParameters: AiRoute = {
  method: 'post',
  path: '/api/generate-parameters/:kind',
  handle: async (ctx, { gateway }) => {
    const kind = (ctx.params as Record<string, string>).kind!;
    if (!(STAGE_TWO_KIND_NAMES as readonly string[]).includes(kind)) {
      throw new ValidationError('kind', `kind: one of ${STAGE_TWO_KIND_NAMES.join(', ')}`);
    }
    await generateFor(ctx, gateway, STAGE_TWO_KINDS[kind as StageTwoKind], parseInput(generateKindParametersBody, ctx.request.body));
  },
};
