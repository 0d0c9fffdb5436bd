import { AI_FAILURE_MESSAGES, assertBuilderOpen, withoutUnsafeTextCharacters } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { requireText } from '../answers.ts';
import type { OutcomeCommand } from '../ai-gateway.ts';
import { enhancedPromptBody } from '../schemas.ts';
import { answered, contextWithData, type AiRoute } from './shared.ts';

/**
 * The builder's step 8 (spec 02 §2.7). On a builder project the prompt and its analysis report are also put into
 * the builder, decided with the record in one append, so the screen only refetches at `position`.
 */
export const enhancedPrompt: AiRoute = {
  method: 'post',
  path: '/api/generate-enhanced-prompt',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(enhancedPromptBody, ctx.request.body);
    let isBuilder = false;
    const result = await gateway.run(ctx, {
      use: 'enhancedPrompt',
      failure: AI_FAILURE_MESSAGES.enhancedPrompt,
      projectId: body.projectId,
      input: (project) => {
        isBuilder = project?.kind === 'builder';
        if (project && isBuilder) assertBuilderOpen(project);
        return { context: contextWithData(project, body.projectData) };
      },
      // A model's stray control character must not turn a paid answer into a refused command.
      accept: (output) => {
        const analysisReport = withoutUnsafeTextCharacters(output.analysisReport ?? '').trim();
        return {
          enhancedPrompt: requireText(withoutUnsafeTextCharacters(output.enhancedPrompt)),
          ...(analysisReport === '' ? {} : { analysisReport }),
        };
      },
      record: (output, { requestId, ai }) => {
        const recorded: OutcomeCommand = {
          type: 'RecordAiPrompt',
          data: {
            projectId: body.projectId!,
            requestId,
            ai,
            use: 'enhancedPrompt',
            asked: { projectData: body.projectData !== undefined },
            prompts: [output.enhancedPrompt],
          },
        };
        if (!isBuilder) return recorded;
        return [
          recorded,
          {
            type: 'RecordBuilderPrompt',
            data: {
              projectId: body.projectId!,
              prompt: output.enhancedPrompt,
              ...(output.analysisReport === undefined ? {} : { analysisReport: output.analysisReport }),
              requestId,
            },
          },
        ];
      },
      done: () => 'Enhanced prompt generated',
    });
    ctx.body = {
      success: true,
      message: 'Enhanced Prompt Generated',
      enhancedPrompt: result.output.enhancedPrompt,
      ...(result.output.analysisReport === undefined ? {} : { analysisReport: result.output.analysisReport }),
      ...answered(result),
      ...(result.position === null ? {} : { position: result.position }),
    };
  },
};
