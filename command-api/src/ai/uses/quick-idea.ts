import { AI_FAILURE_MESSAGES, EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE, ValidationError, type QuickGenerateIdeaResponse } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { quickProjectData } from '../answers.ts';
import { quickIdeaBody } from '../schemas.ts';
import { answered, contextFor, type AiRoute } from './shared.ts';

export const quickIdea: AiRoute = {
  method: 'post',
  path: '/api/quick-generate-idea',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(quickIdeaBody, ctx.request.body);
    if (body.coreIdea.trim() === '') throw new ValidationError('coreIdea', EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE);
    const result = await gateway.run(ctx, {
      use: 'quickIdea',
      failure: AI_FAILURE_MESSAGES.quickIdea,
      projectId: body.projectId,
      input: (project) => ({ context: contextFor(project, body) }),
      accept: (output, input) => {
        quickProjectData(output, input.context);
        return output;
      },
      record: (output, { requestId, ai, input }) => ({
        type: 'RecordAiResults',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'quickIdea',
          asked: { coreIdea: input.context.coreIdea, parameters: input.context.parameters },
          results: quickProjectData(output, input.context),
        },
      }),
      done: () => 'Idea generated',
    });
    ctx.body = {
      success: true,
      message: 'Idea generated',
      projectData: quickProjectData(result.output, result.input.context),
      ...answered(result),
    } satisfies QuickGenerateIdeaResponse;
  },
};
