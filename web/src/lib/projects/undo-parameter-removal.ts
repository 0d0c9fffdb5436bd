import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/**
 * The Undo of a Clear All or a chip removal: `revision` is what the removal answered. The server puts the values
 * back where they were; the browser re-adds nothing itself.
 */
export const undoParameterRemoval = (projectId: string, input: { revision: number }) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/parameters/undo`, input);

export const useUndoParameterRemoval = (projectId: string) => useProjectCommand(projectId, undoParameterRemoval);
