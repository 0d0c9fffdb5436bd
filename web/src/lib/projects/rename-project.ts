import { api } from '../api-client.ts';
import type { TextBase } from '../text-conflict.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** The name's base (text-conflict.ts): a newer rename from another tab is not overwritten. */
export interface RenameProjectInput extends TextBase {
  name: string;
}

export const renameProject = (projectId: string, input: string | RenameProjectInput) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/name`, typeof input === 'string' ? { name: input } : input);

export const useRenameProject = (projectId: string) => useProjectCommand(projectId, renameProject);
