import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface CreateProjectInput {
  name?: string;
  coreIdea?: string;
}

export const createProject = (input: CreateProjectInput) =>
  // The key makes a retried click create one project, not two.
  api.post<{ success: true; project: { id: string }; position: string }>('/api/projects', { project: input }, { 'Idempotency-Key': crypto.randomUUID() });

export const useCreateProject = () => useMutation({ mutationFn: createProject });
