import type { Projection } from '../engine/define-projection.ts';
import { feedbackProjection } from './feedback/projection.ts';
import { projectsProjection } from './projects/projection.ts';

export { feedbackProjection, type FeedbackDocument } from './feedback/projection.ts';
export { projectsProjection, type ProjectDocument, type StageDocument } from './projects/projection.ts';

export const allProjections: readonly Projection[] = [projectsProjection, feedbackProjection].map((projection) => projection as unknown as Projection);
