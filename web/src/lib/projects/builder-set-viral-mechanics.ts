import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** PUT builder/viral-mechanics: at most 40 words, the server refuses more (spec 02 §5). */
export const setBuilderViralMechanics = (projectId: string, viralMechanics: string) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/builder/viral-mechanics`, { viralMechanics });

export const useSetBuilderViralMechanics = (projectId: string) => useProjectCommand(projectId, setBuilderViralMechanics);
