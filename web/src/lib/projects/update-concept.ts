import type { IdeaConcept } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const updateConcept = (projectId: string, { index, concept }: { index: number; concept: IdeaConcept }) =>
  api.put<CommandResponse>(`${projectPath(projectId)}/concepts/${index}`, { concept });

export const useUpdateConcept = (projectId: string) => useProjectCommand(projectId, updateConcept);
