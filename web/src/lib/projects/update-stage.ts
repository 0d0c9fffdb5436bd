import { api } from '../api-client.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/**
 * The spec's PATCH /api/stages/{id} with a stage's `data`: the server turns the difference into commands in one
 * write. Used to merge a batch of generated ideas into a list in one request.
 */
export const updateStage = (_projectId: string, input: { stageId: string; data: Record<string, unknown> }) =>
  api.patch<CommandResponse>(`/api/stages/${encodeURIComponent(input.stageId)}`, { data: input.data });

export const useUpdateStage = (projectId: string) => useProjectCommand(projectId, updateStage);
