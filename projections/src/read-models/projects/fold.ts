import {
  contextFromPreviousStages,
  evolveProject,
  initialProjectState,
  progressOf,
  type ActiveProjectState,
  type ProjectEvent,
  type ProjectState,
} from '@vis/domain';
import type { RecordedEvent } from '@vis/infrastructure';

/** The project as the domain folds it, minus the discriminant: what both project read models store. */
export type ProjectFields = Omit<ActiveProjectState, 'status' | 'projectId'> & {
  _id: string;
  createdAt: string;
  updatedAt: string;
};

const stateOf = (doc: ProjectFields | null): ProjectState => {
  if (!doc) return initialProjectState();
  const { _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = doc as ProjectFields & Record<string, unknown>;
  void _createdAt;
  void _updatedAt;
  return { ...(fields as Omit<ActiveProjectState, 'status' | 'projectId'>), status: 'active', projectId: _id };
};

/** When the user acted: the command's time, which handleCommand keeps in every event's metadata. */
const actedAt = (event: RecordedEvent) => ((event.metadata as { at?: unknown }).at as string | undefined) ?? event.createdAt.toISOString();

/**
 * Read models fold project events with the domain's own `evolveProject`, so what the screens show can never
 * disagree with what the decider decided on.
 */
export const foldProject = (doc: ProjectFields | null, event: RecordedEvent): (ProjectFields & { state: ActiveProjectState }) | null => {
  const next = evolveProject(stateOf(doc), { type: event.type, data: event.data } as ProjectEvent);
  if (next.status !== 'active') return null;
  const { status: _status, projectId, ...fields } = next;
  void _status;
  const at = actedAt(event);
  return { ...fields, _id: projectId, createdAt: doc?.createdAt ?? at, updatedAt: at, state: next };
};

export const withDerived = (state: ActiveProjectState) => ({
  progress: progressOf(state.stages),
  context: contextFromPreviousStages(state),
});
