import { api } from '../api-client.ts';
import type { TextBase } from '../text-conflict.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** The text's base (text-conflict.ts): a newer save from another tab is not overwritten. */
export interface SetCoreIdeaInput extends TextBase {
  coreIdea: string;
}

export const setCoreIdea = (projectId: string, input: string | SetCoreIdeaInput) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/core-idea`, typeof input === 'string' ? { coreIdea: input } : input);

export const useSetCoreIdea = (projectId: string) => useProjectCommand(projectId, setCoreIdea);
