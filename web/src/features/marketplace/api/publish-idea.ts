import type { PublishIdeaResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';

/** Blank fields are filled from the project by the server (README 'Marketplace'). */
export const publishIdea = (projectId: string) => api.post<PublishIdeaResponse>('/api/marketplace/ideas', { projectId });
