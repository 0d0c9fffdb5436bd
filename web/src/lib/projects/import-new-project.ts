import type { CreateProjectResponse } from '@vis/domain';
import { api } from '../api-client.ts';

/** Settings' Import Project: the export file as a new project beside the others (the server names it, 'name 2' if taken). */
export const importNewProject = (file: Record<string, unknown>) =>
  // The key makes a retried click import one project, not two.
  api.post<CreateProjectResponse>('/api/projects/import', file, { 'Idempotency-Key': crypto.randomUUID() });
