import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { listProjectsQueryOptions } from './list-projects.ts';
import { trashQueryOptions } from './list-trash.ts';
import type { CommandResponse } from './project-command.ts';

/** Out of the trash (the Trash's Restore, and the Undo of a deletion): the project as it was deleted. */
export const restoreProject = (projectId: string) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/restore`, {}, { 'Idempotency-Key': crypto.randomUUID() });

export const useRestoreProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProject,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: trashQueryOptions().queryKey, exact: true }),
      ]),
  });
};
