import { api } from '../api-client.ts';

/**
 * Spec 02 §7 POST /api/generate-enhanced-prompt. With a builder project the server records the prompt and
 * puts it into the builder in the same write; `position` is where (the next read waits for it).
 */
export interface GenerateEnhancedPromptResponse {
  success: boolean;
  message: string;
  enhancedPrompt: string;
  offline: boolean;
  requestId: string;
  position?: string;
}

export const generateEnhancedPrompt = (input: { projectId: string; projectData?: Record<string, unknown> }) =>
  api.post<GenerateEnhancedPromptResponse>('/api/generate-enhanced-prompt', input);
