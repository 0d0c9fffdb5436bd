import type { Projection } from '../engine/define-projection.ts';
import { projectsProjection } from './projects/projection.ts';

export { projectsProjection, type ProjectDocument, type StageDocument } from './projects/projection.ts';

export const allProjections: readonly Projection[] = [projectsProjection as unknown as Projection];
