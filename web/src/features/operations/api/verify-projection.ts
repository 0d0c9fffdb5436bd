import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { VerifyReport } from '../types.ts';

/** POST /api/ops/projections/{name}/verify: rebuilds aside up to the serving position and compares every document. */
export const useVerifyProjection = () =>
  useMutation({
    mutationFn: (name: string) => api.post<{ success: true; report: VerifyReport }>(`/api/ops/projections/${encodeURIComponent(name)}/verify`),
  });
