import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** `baseRevision`: the project revision the name was loaded at, so that a newer rename from another tab is not overwritten. */
export interface RenameProjectInput {
  name: string;
  baseRevision?: number;
}

export const renameProject = (projectId: string, input: string | RenameProjectInput) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/name`, typeof input === 'string' ? { name: input } : input);

export const useRenameProject = (projectId: string) => useProjectCommand(projectId, renameProject);
