import type { CreateProjectResponse } from '@vis/domain';
import { api } from '../api-client.ts';

/**
 * POST /api/projects with `kind: 'builder'`: a nine-step builder project (/game), named 'My Viral Idea' by the
 * server unless a name is given. The same Idempotency-Key from the same visitor creates the project once, so a
 * doubled effect or a retry never makes two.
 */
export const createBuilderProject = (idempotencyKey: string, name?: string) =>
  api.post<CreateProjectResponse>(
    '/api/projects',
    { project: { kind: 'builder', ...(name ? { name } : {}) } },
    { 'Idempotency-Key': idempotencyKey },
  );
