import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { listProjectsQueryOptions } from './list-projects.ts';
import { trashQueryOptions } from './list-trash.ts';
import type { CommandResponse } from './project-command.ts';

/** My projects' Delete: the project goes to the trash for 30 days; deleting it again answers `changed: false`. */
export const deleteProject = (projectId: string) => api.delete<CommandResponse>(projectPath(projectId));

/**
 * Deletes a project and drops it from the cached list at once, then refetches the list. `onDeleted` lets the
 * screen move on (forget the current project). The project's own cached query is left alone: once nothing shows
 * it, nothing refetches it, and it is collected like any unused query; removing it while a screen still
 * observed it would refetch a project that now answers 404.
 */
export const useDeleteProject = ({ onDeleted }: { onDeleted?: (projectId: string) => void } = {}) => {
  const queryClient = useQueryClient();
  const listKey = listProjectsQueryOptions().queryKey;
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_answer, projectId) => {
      queryClient.setQueryData(listKey, (list) => list && { ...list, projects: list.projects.filter((project) => project.id !== projectId) });
      onDeleted?.(projectId);
      // The trash too: its live invalidation can pass while the screen that shows it re-renders for the project
      // that takes the deleted one's place, and a read sent now waits for the deletion (X-Min-Position).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: trashQueryOptions().queryKey, exact: true }),
      ]);
    },
  });
};
