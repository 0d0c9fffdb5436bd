import { api } from '../../../lib/api-client.ts';
import { useProjectCommand } from '../../projects/api/project-command.ts';

export interface VerifyApiKeyResponse {
  success: true;
  valid: boolean;
  aiApiStatus: 'Valid' | 'Invalid';
  aiApiKey?: string;
  message: string;
  position?: string;
}

/** Spec 01 §7 POST /api/verify-api-key; with `projectId` the key is kept (encrypted) as that project's own. */
export const verifyApiKey = (projectId: string, apiKey: string) => api.post<VerifyApiKeyResponse>('/api/verify-api-key', { apiKey, projectId });

export const useVerifyApiKey = (projectId: string) => useProjectCommand(projectId, verifyApiKey);
