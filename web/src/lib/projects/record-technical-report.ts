import type { TechnicalReport } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const recordTechnicalReport = (projectId: string, report: TechnicalReport) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/technical-report`, { report });

export const useRecordTechnicalReport = (projectId: string) => useProjectCommand(projectId, recordTechnicalReport);
