import { AI_FAILURE_MESSAGES, type IdeaStageResponse } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { stageResults } from '../answers.ts';
import { extraContextOf } from '../context.ts';
import { ideaStageBody } from '../schemas.ts';
import { answered, contextFor, flowStage, requireGuided, requirePrompt, type AiRoute } from './shared.ts';

export const ideaStage: AiRoute = {
  method: 'post',
  path: '/api/process-idea-stage',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(ideaStageBody, ctx.request.body);
    const prompt = requirePrompt(body.prompt);
    const stage = flowStage(body.stage);
    const iterations = body.options?.iterations ?? 1;
    const focusOn = body.options?.focusOn ?? '';
    const quick = body.options?.quick ?? false;
    const result = await gateway.run(ctx, {
      use: 'ideaStage',
      failure: AI_FAILURE_MESSAGES.ideaStage,
      projectId: body.projectId,
      input: (project) => {
        requireGuided(project);
        return { context: { ...contextFor(project), extra: extraContextOf(body.context) }, stage, prompt, focusOn, iterations, quick };
      },
      accept: (output, input) => ({ fields: stageResults(stage, output.fields, input.context), summary: output.summary.trim() }),
      // What the model answered, for the analyst, and what it puts into the project (decided by the domain), together.
      record: (output, { requestId, ai }) => [
        {
          type: 'RecordAiResults',
          data: {
            projectId: body.projectId!,
            requestId,
            ai,
            use: 'ideaStage',
            asked: { stage: stage.id, prompt, focusOn, iterations, quick },
            results: output,
          },
        },
        { type: 'ApplyStageResults', data: { projectId: body.projectId!, stage: stage.id, results: output.fields } },
      ],
      done: () => `${stage.title} stage processed`,
    });
    ctx.body = {
      success: true,
      results: { stage: stage.id, stageNumber: stage.stageNumber, iterations, summary: result.output.summary, ...result.output.fields },
      ...answered(result),
      ...(result.position === null ? {} : { position: result.position }),
    } satisfies IdeaStageResponse;
  },
};
