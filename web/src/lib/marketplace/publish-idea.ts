import type { PublishIdeaResponse } from '@vis/domain';
import { api } from '../api-client.ts';

/**
 * POST /api/marketplace/ideas with the title the person confirmed in the publish dialog; the other fields come from
 * the project (README 'Marketplace'). The key makes a retried click publish one idea, not two.
 */
export const publishProjectIdea = (projectId: string, title: string, idempotencyKey: string = crypto.randomUUID()) =>
  api.post<PublishIdeaResponse>('/api/marketplace/ideas', { projectId, title }, { 'Idempotency-Key': idempotencyKey });
