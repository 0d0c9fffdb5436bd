import { AI_FAILURE_MESSAGES, requireFlowStageOpen, type ActiveProjectState, type IdeaStageResponse } from '@vis/domain';
import { actorOf, parseInput } from '@vis/infrastructure';
import { stageResults } from '../answers.ts';
import { extraContextOf } from '../context.ts';
import { ideaStageBody } from '../schemas.ts';
import type { StageQuestion, StoredStageAnswer } from '../stage-answers.ts';
import { answered, contextFor, flowStage, requireGuided, requirePrompt, type AiRoute } from './shared.ts';

/**
 * POST /api/process-idea-stage (spec 01 §7): one stage of the idea generation flow.
 *
 * Refused before anything is charged: a builder project, and a stage whose dependencies are not done yet (409
 * 'Cannot proceed', the domain's lock). The same question as one already answered for the project (same stage,
 * prompt, options and project context, see stage-answers.ts) is answered from the stored answer with no play
 * spent, on any device, and `cached: true` says so.
 */
export const ideaStage: AiRoute = {
  method: 'post',
  path: '/api/process-idea-stage',
  handle: async (ctx, { gateway, stageAnswers }) => {
    const body = parseInput(ideaStageBody, ctx.request.body);
    const prompt = requirePrompt(body.prompt);
    const stage = flowStage(body.stage);
    const iterations = body.options?.iterations ?? 1;
    const focusOn = body.options?.focusOn ?? '';
    const quick = body.options?.quick ?? false;
    const questionOf = (project: ActiveProjectState | null): StageQuestion => ({
      stage: stage.id,
      prompt,
      focusOn,
      iterations,
      quick,
      context: { ...contextFor(project), extra: extraContextOf(body.context) },
    });
    const refuseLocked = (project: ActiveProjectState | null) => {
      requireGuided(project);
      if (project) requireFlowStageOpen(project, stage.id);
    };

    const projectId = body.projectId;
    if (projectId !== undefined) {
      const project = await gateway.ownedProject(projectId, actorOf(ctx));
      refuseLocked(project);
      const stored = await stageAnswers.find(projectId, questionOf(project));
      if (stored) {
        const applied = await stageAnswers.apply(ctx, projectId, stage.id, stored);
        ctx.body = {
          success: true,
          results: stored.results,
          offline: stored.offline,
          requestId: stored.requestId,
          cached: true,
          position: String(applied.position),
        } satisfies IdeaStageResponse;
        return;
      }
    }

    const result = await gateway.run(ctx, {
      use: 'ideaStage',
      failure: AI_FAILURE_MESSAGES.ideaStage,
      projectId,
      input: (project) => {
        refuseLocked(project);
        const { context } = questionOf(project);
        return { context, stage, prompt, focusOn, iterations, quick };
      },
      accept: (output, input) => ({ fields: stageResults(stage, output.fields, input.context), summary: output.summary.trim() }),
      // What the model answered, for the analyst, and what it puts into the project (decided by the domain), together.
      record: (output, { requestId, ai }) => [
        {
          type: 'RecordAiResults',
          data: {
            projectId: projectId!,
            requestId,
            ai,
            use: 'ideaStage',
            asked: { stage: stage.id, prompt, focusOn, iterations, quick },
            results: output,
          },
        },
        { type: 'ApplyStageResults', data: { projectId: projectId!, stage: stage.id, results: output.fields } },
      ],
      done: () => `${stage.title} stage processed`,
    });
    const results = { stage: stage.id, stageNumber: stage.stageNumber, iterations, summary: result.output.summary, ...result.output.fields };
    if (projectId !== undefined) {
      // Kept for the context it was asked in and the one its results made: asking again right after is free.
      // (The project read can fail only if it went meanwhile: the answer is delivered anyway.)
      const after = await gateway.ownedProject(projectId, actorOf(ctx)).catch(() => null);
      const answer: StoredStageAnswer = { results, fields: result.output.fields, ...answered(result) };
      const asked = { ...questionOf(null), context: result.input.context };
      await stageAnswers.keep(projectId, actorOf(ctx), after ? [asked, questionOf(after)] : [asked], answer);
    }
    ctx.body = {
      success: true,
      results,
      ...answered(result),
      ...(result.position === null ? {} : { position: result.position }),
    } satisfies IdeaStageResponse;
  },
};
