import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/viral-mechanics: at most 40 words, the server refuses more (spec 02 §5). */
/** `baseRevision`: the project revision the text was loaded at, so that a newer save from another tab is not overwritten. */
export const setBuilderViralMechanics = (projectId: string, { viralMechanics, baseRevision }: { viralMechanics: string; baseRevision?: number }) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/viral-mechanics`, { viralMechanics, baseRevision });

export const useSetBuilderViralMechanics = (projectId: string) => useProjectCommand(projectId, setBuilderViralMechanics);
