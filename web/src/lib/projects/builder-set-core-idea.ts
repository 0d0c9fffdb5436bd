import { api } from '../api-client.ts';
import type { TextBase } from '../text-conflict.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/core-idea: at most 60 words, the server refuses more (spec 02 §5). */
/** The text's base (text-conflict.ts), so that a newer save from another tab is not overwritten. */
export const setBuilderCoreIdea = (projectId: string, input: { coreIdea: string } & TextBase) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/core-idea`, input);

export const useSetBuilderCoreIdea = (projectId: string) => useProjectCommand(projectId, setBuilderCoreIdea);
