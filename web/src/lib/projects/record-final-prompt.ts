import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** The AI's answer is history; the project keeps the prompt the user got (stage 6 `finalPrompt`). */
export const recordFinalPrompt = (projectId: string, prompt: string) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/final-prompt`, { prompt });

export const useRecordFinalPrompt = (projectId: string) => useProjectCommand(projectId, recordFinalPrompt);
