import type { VerifyApiKeyResponse } from '@vis/domain';
import { api } from '../api-client.ts';
import { useProjectCommand } from '../projects/project-command.ts';

export type { VerifyApiKeyResponse };

/** Spec 01 §7 POST /api/verify-api-key; with `projectId` the key is kept (encrypted) as that project's own. */
export const verifyApiKey = (projectId: string, apiKey: string) => api.post<VerifyApiKeyResponse>('/api/verify-api-key', { apiKey, projectId });

export const useVerifyApiKey = (projectId: string) => useProjectCommand(projectId, verifyApiKey);
