import type Router from '@koa/router';
import { FEEDBACK_THANKS, feedbackDecider, feedbackStreamId, submitFeedbackSchema, type FeedbackResponse } from '@vis/domain';
import { handleCommand, parseInput, type EventStore } from '@vis/infrastructure';
import { commandMetadata, idFromCommand } from '../command-context.ts';

export const feedbackRoutes = (router: Router, deps: { eventStore: EventStore; clock: () => Date; newId: () => string }) => {
  router.post('/api/feedback', async (ctx) => {
    const body = parseInput(submitFeedbackSchema, ctx.request.body);
    const metadata = commandMetadata(ctx, deps);
    const feedbackId = ctx.get('idempotency-key') ? idFromCommand(metadata.commandId) : deps.newId();
    const result = await handleCommand(deps.eventStore, feedbackDecider, feedbackStreamId(feedbackId), {
      type: 'SubmitFeedback',
      data: { ...body, feedbackId },
      metadata,
    });
    ctx.body = { success: true, message: FEEDBACK_THANKS, position: String(result.position) } satisfies FeedbackResponse;
  });
};
