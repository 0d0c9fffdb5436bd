import type { CreateProjectResponse } from '@vis/domain';
import { api } from '../api-client.ts';

export interface CreateProjectInput {
  name?: string;
  coreIdea?: string;
  parameters?: string[];
  currentStageIndex?: number;
}

/** POST /api/projects: a new project, optionally starting from stages it already has (the quick idea). */
export const createProject = (input: CreateProjectInput, stages?: { stageNumber: number; data: Record<string, unknown> }[]) =>
  // The key makes a retried click create one project, not two.
  api.post<CreateProjectResponse>('/api/projects', { project: input, ...(stages ? { stages } : {}) }, { 'Idempotency-Key': crypto.randomUUID() });
