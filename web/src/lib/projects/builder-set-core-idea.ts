import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/core-idea: at most 60 words, the server refuses more (spec 02 §5). */
/** `baseRevision`: the project revision the text was loaded at, so that a newer save from another tab is not overwritten. */
export const setBuilderCoreIdea = (projectId: string, { coreIdea, baseRevision }: { coreIdea: string; baseRevision?: number }) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/core-idea`, { coreIdea, baseRevision });

export const useSetBuilderCoreIdea = (projectId: string) => useProjectCommand(projectId, setBuilderCoreIdea);
