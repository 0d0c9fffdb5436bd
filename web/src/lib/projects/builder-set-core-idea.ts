import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/core-idea: at most 60 words, the server refuses more (spec 02 §5). */
export const setBuilderCoreIdea = (projectId: string, coreIdea: string) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/core-idea`, { coreIdea });

export const useSetBuilderCoreIdea = (projectId: string) => useProjectCommand(projectId, setBuilderCoreIdea);
