import { AI_FAILURE_MESSAGES } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { requireText } from '../answers.ts';
import { extraContextOf } from '../context.ts';
import { processQueryBody } from '../schemas.ts';
import { answered, contextFor, flowStage, requirePrompt, type AiRoute } from './shared.ts';

export const processQuery: AiRoute = {
  method: 'post',
  path: '/api/process-query',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(processQueryBody, ctx.request.body);
    const query = requirePrompt(body.query, 'query');
    const stage = flowStage(body.stage);
    const result = await gateway.run(ctx, {
      use: 'processQuery',
      failure: AI_FAILURE_MESSAGES.processQuery,
      projectId: body.projectId,
      input: (project) => ({ context: { ...contextFor(project), extra: extraContextOf(body.context) }, query, stage }),
      accept: (output) => ({ response: requireText(output.response), suggestions: output.suggestions.map((item) => item.trim()).filter(Boolean) }),
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiResults',
        data: { projectId: body.projectId!, requestId, ai, use: 'processQuery', asked: { query, stage: stage.id }, results: output },
      }),
      done: () => 'Query answered',
    });
    ctx.body = { success: true, response: result.output.response, suggestions: result.output.suggestions, stage: stage.id, ...answered(result) };
  },
};
