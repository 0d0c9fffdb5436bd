import type { BuilderCategoryView } from '@vis/domain';
import { api } from '../api-client.ts';

/**
 * Spec 02 §7 POST /api/generate-parameter: suggestions for one builder category. `kind` names what to suggest
 * (the category's), `currentValues` carries the core idea and the values chosen so far, which are never
 * suggested again, nor is anything in `exclude`.
 */
export interface GenerateParameterInput {
  projectId: string;
  prompt: string;
  kind: BuilderCategoryView['kind'];
  currentValues?: Record<string, string | string[]>;
  exclude?: string[];
  maxWords?: number;
  count?: number;
}

export interface GenerateParameterResponse {
  success: boolean;
  message: string;
  results: string[];
  offline: boolean;
  requestId: string;
}

export const generateParameter = (input: GenerateParameterInput) => api.post<GenerateParameterResponse>('/api/generate-parameter', input);
