import type { PublishIdeaResponse } from '@vis/domain';
import { api } from '../api-client.ts';

/**
 * POST /api/marketplace/ideas with the project only: the server fills the title, core idea, viral triggers,
 * technical framework and sustainability from the project (README 'Marketplace'). The key makes a retried
 * click publish one idea, not two.
 */
export const publishProjectIdea = (projectId: string, idempotencyKey: string = crypto.randomUUID()) =>
  api.post<PublishIdeaResponse>('/api/marketplace/ideas', { projectId }, { 'Idempotency-Key': idempotencyKey });
