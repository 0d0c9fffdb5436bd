import type { GenerateParametersResponse } from '@vis/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/**
 * Spec 01 §7 POST /api/generate-parameters: stage 1 names the list and sends the core idea and project name,
 * stage 2 names its kind with `stageId: 2`; both send the current list as `excludeParameters`. `projectId`
 * tells the gateway whose project (and whose Gemini key) the request is for.
 */
export type GenerateParametersInput = (
  | { projectId: string; fieldType: string; coreIdea: string; projectName: string; excludeParameters: string[] }
  | { projectId: string; fieldType: string; stageId: 2; excludeParameters: string[] }
) & {
  /** The suggestions join the list on the server, recorded with the answer (the stages' Generate and Add More). */
  addToList?: boolean;
};

export type { GenerateParametersResponse };

export const generateParameters = (input: GenerateParametersInput) => api.post<GenerateParametersResponse>('/api/generate-parameters', input);

export const useGenerateParameters = () => useMutation({ mutationFn: generateParameters });
