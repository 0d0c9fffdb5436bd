import { api } from '../../../lib/api-client.ts';

/** Blank fields are filled from the project by the server (README 'Marketplace'). */
export const publishIdea = (projectId: string) => api.post<{ ok: true; id: string; position: string }>('/api/marketplace/ideas', { projectId });
