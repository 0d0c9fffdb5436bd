import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** `baseRevision`: the project revision the text was loaded at, so that a newer save from another tab is not overwritten. */
export interface SetCoreIdeaInput {
  coreIdea: string;
  baseRevision?: number;
}

export const setCoreIdea = (projectId: string, input: string | SetCoreIdeaInput) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/core-idea`, typeof input === 'string' ? { coreIdea: input } : input);

export const useSetCoreIdea = (projectId: string) => useProjectCommand(projectId, setCoreIdea);
