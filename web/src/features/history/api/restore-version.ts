import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectPath, projectQueryOptions } from '../../../lib/projects/get-project.ts';
import type { CommandResponse } from '../../../lib/projects/project-command.ts';

/** History's 'Restore this version': the project as it was at `revision`, recorded as one change (undone the same way). */
export const restoreVersion = (projectId: string, revision: number) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/restore-version`, { revision }, { 'Idempotency-Key': crypto.randomUUID() });

export const useRestoreVersion = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => restoreVersion(projectId, revision),
    // The project and its history (the restore is a new entry); the history's live topic also announces it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
  });
};
