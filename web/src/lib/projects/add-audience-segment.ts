import type { AudienceSegment } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const addAudienceSegment = (projectId: string, segment: AudienceSegment) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/audience-segments`, segment);

export const useAddAudienceSegment = (projectId: string) => useProjectCommand(projectId, addAudienceSegment);
