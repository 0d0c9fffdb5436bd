import type { StageNotesPatch, StageNumber } from '@vis/domain';
import { api } from '../api-client.ts';
import { isPageLeaving } from '../page-leave.ts';
import { projectPath } from './get-project.ts';
import { useProjectCommand, type CommandResponse } from './project-command.ts';

export interface UpdateStageNotesInput<N extends StageNumber = StageNumber> {
  stage: N;
  /** Stage 5's page texts may be named one at a time (`{ webpageElements: { cta } }`): the others stay as stored. */
  fields: StageNotesPatch<N>;
  /** The project revision the text was loaded at: a newer save of the same text from another tab is then not overwritten. */
  baseRevision?: number;
  /** The named texts as this tab last saw or sent them, shaped like `fields`: this tab's own earlier save is no conflict. */
  baseFields?: StageNotesPatch<N>;
}

/**
 * A stage's notes are saved one request at a time (each field's own saves are in order already, use-draft.ts):
 * two fields typed quickly go out in turn rather than racing for the same project revision. As the page goes
 * they go out at once, since one queued behind an unanswered request would never leave the page.
 */
const inTurn = new Map<string, Promise<unknown>>();
export const updateStageNotes = (projectId: string, { stage, fields, baseRevision, baseFields }: UpdateStageNotesInput) => {
  const send = () => api.patch<CommandResponse>(`${projectPath(projectId)}/stages/${stage}/notes`, { fields, baseRevision, baseFields });
  if (isPageLeaving()) return send();
  const key = `${projectId}/${stage}`;
  const run = (inTurn.get(key) ?? Promise.resolve()).then(send, send);
  const settled = run.catch(() => undefined);
  inTurn.set(key, settled);
  void settled.then(() => inTurn.get(key) === settled && inTurn.delete(key));
  return run;
};

export const useUpdateStageNotes = (projectId: string) => useProjectCommand(projectId, updateStageNotes);
