import { AI_FAILURE_MESSAGES, EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE, ValidationError, type QuickGenerateIdeaResponse } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { createdProjectIdOf, type OutcomeCommand } from '../ai-gateway.ts';
import { quickProjectData } from '../answers.ts';
import { quickIdeaBody } from '../schemas.ts';
import { answered, contextFor, requireGuided, type AiRoute } from './shared.ts';

/**
 * Quick Start (spec 01 §2 /generator): a whole project from a core idea, put into a project in the same request
 * that pays for it. `target: 'fill'` (the default with a `projectId`) fills the caller's project where it is empty
 * (ApplyQuickIdea never writes over what the person typed); `target: 'new'` (the default without) makes a new
 * project of the caller's with the idea in it. Either way the answer names the project and where it landed.
 */
export const quickIdea: AiRoute = {
  method: 'post',
  path: '/api/quick-generate-idea',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(quickIdeaBody, ctx.request.body);
    if (body.coreIdea.trim() === '') throw new ValidationError('coreIdea', EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE);
    const target = body.target ?? (body.projectId === undefined ? 'new' : 'fill');
    if (target === 'fill' && body.projectId === undefined) throw new ValidationError('projectId', 'projectId: name the project to fill');
    if (target === 'new' && body.projectId !== undefined) {
      throw new ValidationError('projectId', 'projectId: a new project is made for you; send a projectId only to fill it');
    }
    const result = await gateway.run(ctx, {
      use: 'quickIdea',
      failure: AI_FAILURE_MESSAGES.quickIdea,
      projectId: body.projectId,
      createsProject: target === 'new',
      input: (project) => {
        requireGuided(project);
        return { context: contextFor(project, body) };
      },
      accept: (output, input) => {
        quickProjectData(output, input.context);
        return output;
      },
      record: (output, { requestId, ai, input, projectId }) => {
        const data = quickProjectData(output, input.context);
        const recorded: OutcomeCommand = {
          type: 'RecordAiResults',
          data: {
            projectId,
            requestId,
            ai,
            use: 'quickIdea',
            asked: { coreIdea: input.context.coreIdea, parameters: input.context.parameters, target },
            results: data,
          },
        };
        const idea = { projectId, projectName: data.name, coreIdea: data.coreIdea, parameters: data.parameters, stages: data.stages };
        if (target === 'fill') return [recorded, { type: 'ApplyQuickIdea', data: idea }];
        return [
          { type: 'CreateProject', data: { projectId, name: data.name, coreIdea: data.coreIdea } },
          { type: 'ImportProject', data: { ...idea, currentStageIndex: data.currentStageIndex } },
          recorded,
        ];
      },
      done: () => 'Idea generated',
    });
    ctx.body = {
      success: true,
      message: 'Idea generated',
      projectData: quickProjectData(result.output, result.input.context),
      projectId: body.projectId ?? createdProjectIdOf(result.requestId),
      ...answered(result),
      ...(result.position === null ? {} : { position: result.position }),
    } satisfies QuickGenerateIdeaResponse;
  },
};
