import type { CommandResponse } from '@vis/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueryOptions } from './get-project.ts';

/** What every command endpoint answers (README: `{ success, changed, events, position }`): the wire contract's. */
export type { CommandResponse };

/**
 * A project command as a mutation. Success refetches the project (the read waits for the command's position,
 * so it always shows the change); other tabs hear of it through the live topic.
 */
export const useProjectCommand = <TInput, TResult = CommandResponse>(
  projectId: string,
  send: (projectId: string, input: TInput) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(projectId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
  });
};
