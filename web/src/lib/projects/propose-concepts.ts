import type { IdeaConcept } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export const proposeConcepts = (projectId: string, concepts: IdeaConcept[]) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/concepts`, { concepts });

export const useProposeConcepts = (projectId: string) => useProjectCommand(projectId, proposeConcepts);
