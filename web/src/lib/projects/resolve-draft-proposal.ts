import type { DraftChoice } from '@vis/domain';
import { api } from '../api-client.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

/** Keep, Replace or Append names the proposal; the server applies the text it stored (the browser never sends it). */
export const resolveDraftProposal = (projectId: string, input: { requestId: string; field: string; choice: DraftChoice }) =>
  api.post<CommandResponse>(`${projectPath(projectId)}/proposals/resolve`, input);

export const useResolveDraftProposal = (projectId: string) => useProjectCommand(projectId, resolveDraftProposal);
