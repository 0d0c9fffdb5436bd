import { AI_FAILURE_MESSAGES, BUILDER_PARAMETER_KINDS, builderKindOfPrompt, NO_PARAMETERS_GENERATED } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import type { z } from 'zod';
import { cleanSuggestions } from '../answers.ts';
import { generateParameterBody } from '../schemas.ts';
import { answered, contextFor, requirePrompt, type AiRoute } from './shared.ts';

/**
 * The builder's `currentValues`: the core idea plus, by kind, the viral triggers and core tech (spec 02 §7), or
 * a plain list of the values chosen so far. Listed values are never suggested again.
 */
const builderValues = (currentValues: z.infer<typeof generateParameterBody>['currentValues']) => {
  if (!currentValues) return { coreIdea: '', known: [] as string[], extra: '' };
  if (Array.isArray(currentValues)) return { coreIdea: '', known: currentValues, extra: '' };
  const known: string[] = [];
  const extra: string[] = [];
  let coreIdea = '';
  for (const [field, value] of Object.entries(currentValues)) {
    if (field === 'coreIdea' && typeof value === 'string') {
      coreIdea = value;
      continue;
    }
    const values = typeof value === 'string' ? value.split(/[,\n]+/) : value;
    const items = values.map((item) => item.trim()).filter(Boolean);
    known.push(...items);
    if (items.length > 0) extra.push(`${field}: ${items.join(', ')}`);
  }
  return { coreIdea, known, extra: extra.join('\n') };
};

export const generateParameter: AiRoute = {
  method: 'post',
  path: '/api/generate-parameter',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(generateParameterBody, ctx.request.body);
    const prompt = requirePrompt(body.prompt);
    const kind = body.kind ?? builderKindOfPrompt(prompt);
    const count = body.count ?? BUILDER_PARAMETER_KINDS[kind].count;
    const maxWords = body.maxWords ?? BUILDER_PARAMETER_KINDS[kind].maxWords;
    const values = builderValues(body.currentValues);
    const result = await gateway.run(ctx, {
      use: 'builderParameter',
      failure: AI_FAILURE_MESSAGES.builderParameter,
      emptyTitle: NO_PARAMETERS_GENERATED,
      projectId: body.projectId,
      input: (project) => {
        const context = contextFor(project, { coreIdea: values.coreIdea });
        context.extra = values.extra;
        return { context, kind, prompt, count, maxWords, exclude: [...values.known, ...(body.exclude ?? [])] };
      },
      accept: (output, input) => ({ parameters: cleanSuggestions(output.parameters, { count, maxWords, exclude: input.exclude }) }),
      record: (output, { requestId, ai, input }) => ({
        type: 'RecordAiSuggestions',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'builderParameter',
          list: null,
          kind,
          asked: { prompt, count, maxWords, excluded: input.exclude },
          suggestions: output.parameters,
        },
      }),
      done: (output) => `Generated ${output.parameters.length} parameters`,
    });
    ctx.body = {
      success: true,
      message: `Generated ${result.output.parameters.length} parameters`,
      results: result.output.parameters,
      ...answered(result),
    };
  },
};
