import { AI_FAILURE_MESSAGES } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { requireText } from '../answers.ts';
import { enhancedPromptBody } from '../schemas.ts';
import { answered, contextWithData, type AiRoute } from './shared.ts';

export const enhancedPrompt: AiRoute = {
  method: 'post',
  path: '/api/generate-enhanced-prompt',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(enhancedPromptBody, ctx.request.body);
    const result = await gateway.run(ctx, {
      use: 'enhancedPrompt',
      failure: AI_FAILURE_MESSAGES.enhancedPrompt,
      projectId: body.projectId,
      input: (project) => ({ context: contextWithData(project, body.projectData) }),
      accept: (output) => ({ enhancedPrompt: requireText(output.enhancedPrompt) }),
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiPrompt',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'enhancedPrompt',
          asked: { projectData: body.projectData !== undefined },
          prompts: [output.enhancedPrompt],
        },
      }),
      done: () => 'Enhanced prompt generated',
    });
    ctx.body = { success: true, message: 'Enhanced Prompt Generated', enhancedPrompt: result.output.enhancedPrompt, ...answered(result) };
  },
};
