import type { FeedbackSubmitted } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection } from '../../engine/define-projection.ts';

export type FeedbackDocument = ReadModelMeta & FeedbackSubmitted['data'] & { _id: string };

/** Every piece of feedback, for whoever triages it: newest first by `submittedAt`. */
export const feedbackProjection = defineProjection<FeedbackDocument>({
  name: 'feedback',
  version: 1,
  handles: ['FeedbackSubmitted'],
  documentId: (event) => (event.data as FeedbackSubmitted['data']).feedbackId,
  topics: () => ['feedback'],
  evolve: (_doc, event) => {
    const data = event.data as FeedbackSubmitted['data'];
    return { _id: data.feedbackId, ...data };
  },
});
