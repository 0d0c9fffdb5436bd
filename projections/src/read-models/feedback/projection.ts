import { readModels, topics, type FeedbackEvent, type FeedbackSubmitted } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection } from '../../engine/define-projection.ts';

export type FeedbackDocument = ReadModelMeta & FeedbackSubmitted['data'] & { _id: string };

/** Every piece of feedback, for whoever triages it: newest first by `submittedAt`. */
export const feedbackProjection = defineProjection<FeedbackEvent, FeedbackDocument>({
  name: readModels.feedback,
  version: 1,
  // Operators list feedback newest first, by type or all of it.
  indexes: [{ key: { submittedAt: -1 } }, { key: { type: 1, submittedAt: -1 } }],
  handles: ['FeedbackSubmitted'],
  documentId: (event) => event.data.feedbackId,
  topics: () => [topics.feedback],
  evolve: (_doc, { data }) => ({ _id: data.feedbackId, ...data }),
});
