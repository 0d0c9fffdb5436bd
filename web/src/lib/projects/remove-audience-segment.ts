import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const removeAudienceSegment = (projectId: string, index: number) =>
  api.delete<CommandResponse>(`${projectPath(projectId)}/audience-segments/${index}`);

export const useRemoveAudienceSegment = (projectId: string) => useProjectCommand(projectId, removeAudienceSegment);
