import { z } from 'zod';
import type { Command, Decider } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { userLine, userText } from '../text.ts';

/** Spec 01 §3, §5, §9: three feedback types, compliment by default, a message that is not blank. */
export const FEEDBACK_TYPES = ['bug', 'suggestion', 'compliment'] as const;
export const MAX_FEEDBACK_LENGTH = 5000;
export const FEEDBACK_THANKS = 'Thank you! Your feedback has been received successfully.';

export const submitFeedbackSchema = z.strictObject({
  type: z.enum(FEEDBACK_TYPES).default('compliment'),
  message: userText(MAX_FEEDBACK_LENGTH),
  userAgent: userLine(1000).optional(),
  url: userLine(2000).optional(),
  /** The browser's clock: kept as told, beside the server's time. */
  timestamp: userLine(100).optional(),
});

export type SubmitFeedback = Command<'SubmitFeedback', z.infer<typeof submitFeedbackSchema> & { feedbackId: string }>;

export const feedbackSubmittedSchema = z.object({
  feedbackId: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  message: z.string(),
  userAgent: z.string(),
  url: z.string(),
  clientTimestamp: z.string().nullable(),
  submittedBy: z.string(),
  submittedAt: z.string(),
});
export type FeedbackSubmitted = { type: 'FeedbackSubmitted'; data: z.infer<typeof feedbackSubmittedSchema> };
export type FeedbackEvent = FeedbackSubmitted;
export type FeedbackState = { submitted: boolean };

export const feedbackStreamId = (feedbackId: string) => `feedback-${feedbackId}`;

const submitFeedback = ({ data, metadata }: SubmitFeedback, state: FeedbackState): FeedbackEvent[] => {
  if (state.submitted) throw new ConflictError(`Feedback ${data.feedbackId} was already submitted`);
  const message = data.message.trim();
  if (message === '') throw new ValidationError('message', 'Please enter your feedback message');
  return [
    {
      type: 'FeedbackSubmitted',
      data: {
        feedbackId: data.feedbackId,
        type: data.type,
        message,
        userAgent: data.userAgent ?? '',
        url: data.url ?? '',
        clientTimestamp: data.timestamp ?? null,
        submittedBy: metadata.actorId,
        submittedAt: metadata.now,
      },
    },
  ];
};

export const feedbackDecider: Decider<SubmitFeedback, FeedbackEvent, FeedbackState> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitFeedback':
        return submitFeedback(command, state);
      default: {
        const unhandled: never = command.type;
        throw new Error(`unknown command ${String(unhandled)}`);
      }
    }
  },
  evolve: (_state, event) => {
    switch (event.type) {
      case 'FeedbackSubmitted':
        return { submitted: true };
      default: {
        const unhandled: never = event.type;
        throw new Error(`unknown event ${String(unhandled)}`);
      }
    }
  },
  initialState: () => ({ submitted: false }),
};
