import { AI_FAILURE_MESSAGES, requireFlowStageOpen } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { requireText } from '../answers.ts';
import { extraContextOf } from '../context.ts';
import { promptSequenceBody } from '../schemas.ts';
import { answered, contextFor, flowStage, type AiRoute } from './shared.ts';

export const promptSequence: AiRoute = {
  method: 'post',
  path: '/api/generate-prompt-sequence',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(promptSequenceBody, ctx.request.body);
    const stage = flowStage(body.stage);
    const result = await gateway.run(ctx, {
      use: 'promptSequence',
      failure: AI_FAILURE_MESSAGES.promptSequence,
      projectId: body.projectId,
      input: (project) => {
        // A stage the project cannot enter yet gets no tailored prompt either (409 'Cannot proceed', nothing charged).
        if (project) requireFlowStageOpen(project, stage.id);
        return {
          context: { ...contextFor(project), extra: extraContextOf(body.context) },
          stage,
          input: body.input ?? '',
          config: body.config ?? {},
        };
      },
      accept: (output) => {
        const prompts = output.prompts.map((prompt) => prompt.trim()).filter(Boolean);
        if (prompts.length === 0) requireText('');
        return { prompts };
      },
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiPrompt',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'promptSequence',
          asked: { stage: stage.id, input: body.input ?? '' },
          prompts: output.prompts,
        },
      }),
      done: (output) => `${output.prompts.length} prompts generated`,
    });
    ctx.body = { success: true, prompts: result.output.prompts, stage: stage.id, ...answered(result) };
  },
};
