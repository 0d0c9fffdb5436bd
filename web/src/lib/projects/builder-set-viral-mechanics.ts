import { api } from '../api-client.ts';
import type { TextBase } from '../text-conflict.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/viral-mechanics: at most 40 words, the server refuses more (spec 02 §5). */
/** The text's base (text-conflict.ts), so that a newer save from another tab is not overwritten. */
export const setBuilderViralMechanics = (projectId: string, input: { viralMechanics: string } & TextBase) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/viral-mechanics`, input);

export const useSetBuilderViralMechanics = (projectId: string) => useProjectCommand(projectId, setBuilderViralMechanics);
