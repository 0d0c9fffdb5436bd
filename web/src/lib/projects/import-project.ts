import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** The export file as it is (projectName, stages, coreIdea, parameters, currentStageIndex); the server checks it. */
export const importProject = (projectId: string, file: Record<string, unknown>) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/import`, file);

export const useImportProject = (projectId: string) => useProjectCommand(projectId, importProject);
