import type { FeedbackResponse } from '@vis/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec 01 §3, §9: bug, suggestion or compliment; compliment by default. */
export const FEEDBACK_TYPES = ['bug', 'suggestion', 'compliment'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export interface FeedbackInput {
  type: FeedbackType;
  message: string;
}

/** POST /api/feedback with the spec's body: the page and browser it came from and when. */
export const submitFeedback = ({ type, message }: FeedbackInput) =>
  api.post<FeedbackResponse>(
    '/api/feedback',
    { type, message, userAgent: navigator.userAgent, url: window.location.href, timestamp: new Date().toISOString() },
    { 'Idempotency-Key': crypto.randomUUID() },
  );

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });
