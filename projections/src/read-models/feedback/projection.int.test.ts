import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { feedbackProjection } from './projection.ts';

const submitted = (feedbackId: string, message: string) => ({
  type: 'FeedbackSubmitted',
  data: {
    feedbackId,
    type: 'bug',
    message,
    userAgent: 'Chromium',
    url: 'http://localhost/stage-2',
    clientTimestamp: null,
    submittedBy: 'visitor-ann',
    submittedAt: '2026-11-23T10:00:00.000Z',
  },
});

let harness: Awaited<ReturnType<typeof projectionHarness>>;
beforeEach(async () => {
  harness = await projectionHarness(feedbackProjection);
});
afterEach(() => harness.close());

describe('feedback read model', () => {
  it('keeps each piece of feedback as sent', async () => {
    await harness.append('feedback-f-1', [submitted('f-1', 'The Add button is grey')]);
    await harness.append('feedback-f-2', [submitted('f-2', 'Stage 2 is confusing')]);
    const docs = await harness.find();
    expect(docs.map((doc) => doc.message).sort()).toEqual(['Stage 2 is confusing', 'The Add button is grey']);
    expect(docs[0]).toMatchObject({ type: 'bug', url: 'http://localhost/stage-2', submittedBy: 'visitor-ann', _topics: ['feedback'] });
  });

  it('is idempotent when run twice', async () => {
    await harness.append('feedback-f-1', [submitted('f-1', 'The Add button is grey')]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
