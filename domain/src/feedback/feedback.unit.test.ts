import { describe, it } from 'vitest';
import { ConflictError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { feedbackDecider, type FeedbackSubmitted, type SubmitFeedback } from './feedback.ts';

const now = '2026-11-23T10:00:00.000Z';
const submit = (data: Partial<SubmitFeedback['data']> = {}): SubmitFeedback => ({
  type: 'SubmitFeedback',
  data: { feedbackId: 'f-1', type: 'compliment', message: 'Love it', ...data },
  metadata: { commandId: 'c-1', now, actorId: 'visitor-ann' },
});
const submitted = (data: Partial<FeedbackSubmitted['data']> = {}): FeedbackSubmitted => ({
  type: 'FeedbackSubmitted',
  data: {
    feedbackId: 'f-1',
    type: 'compliment',
    message: 'Love it',
    userAgent: '',
    url: '',
    clientTimestamp: null,
    submittedBy: 'visitor-ann',
    submittedAt: now,
    ...data,
  },
});

const given = deciderSpec(feedbackDecider);

describe('SubmitFeedback', () => {
  it('records the trimmed message with who sent it, from where and when', () =>
    given([])
      .when(
        submit({
          type: 'bug',
          message: '  The Add button is grey  ',
          userAgent: 'Chromium',
          url: 'http://localhost/stage-1',
          timestamp: '2026-11-23T09:59:58.000Z',
        }),
      )
      .then([
        submitted({
          type: 'bug',
          message: 'The Add button is grey',
          userAgent: 'Chromium',
          url: 'http://localhost/stage-1',
          clientTimestamp: '2026-11-23T09:59:58.000Z',
        }),
      ]));

  it("refuses a blank message with the spec's words", () =>
    given([])
      .when(submit({ message: '   ' }))
      .thenThrows(ValidationError, 'Please enter your feedback message'));

  it('refuses to record the same feedback twice', () => given([submitted()]).when(submit()).thenThrows(ConflictError));
});
