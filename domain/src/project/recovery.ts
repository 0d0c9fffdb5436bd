import { NotFoundError, ValidationError } from '../errors.ts';
import { assertBuilderOpen } from './decide-builder.ts';
import type { RestoreDeletedProject, RestoreProjectVersion, UndoParameterRemoval } from './commands.ts';
import { LIST_FULL_MESSAGE, MAX_LIST_ITEMS, TRASH_DAYS } from './constants.ts';
import type { ProjectEvent } from './events.ts';
import { sameValue } from './same-value.ts';
import { restorableContentOf, parameterListOf, type ActiveProjectState, type ProjectState } from './state.ts';

/**
 * Never losing a person's work (issue 26): a version from the history restored, a deleted project brought back
 * from the trash, a Clear All or a chip removal undone. Each is one command recorded as one event that carries
 * what it puts back, so the restore itself is in the history and can be undone the same way.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a project deleted at `deletedAt` can come back from the trash (and is listed there). */
export const restorableUntil = (deletedAt: string): string => new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY_MS).toISOString();

const ownedActive = (state: ProjectState, projectId: string, actorId: string): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

/** A revision the project has had: from its creation (0) to its latest. */
const requireRevision = (project: ActiveProjectState, revision: number) => {
  if (revision < 0) throw new ValidationError('revision', 'revision: must be 0 or more');
  if (revision > project.revision) {
    throw new ValidationError('revision', `revision: this project has no revision ${revision} yet (its latest is ${project.revision})`);
  }
};

/**
 * The project as it was at `revision` (`version`, folded by the server from the log). Restoring the version it
 * already has changes nothing; undoing a restore is restoring the revision before it.
 */
export const restoreProjectVersion = ({ data, metadata }: RestoreProjectVersion, state: ProjectState): ProjectEvent[] => {
  const project = ownedActive(state, data.projectId, metadata.actorId);
  requireRevision(project, data.revision);
  if (data.version?.status !== 'active') throw new ValidationError('revision', 'revision: the project had been deleted at that revision');
  const content = restorableContentOf(data.version);
  if (sameValue(content, restorableContentOf(project))) return [];
  return [{ type: 'ProjectVersionRestored', data: { projectId: data.projectId, revision: data.revision, content, restoredAt: metadata.now } }];
};

/**
 * Only its owner restores a deleted project, and only for TRASH_DAYS after the deletion (by the command's time):
 * after that it is as gone as a project that never was. Restoring one that is not deleted changes nothing.
 */
export const restoreDeletedProject = ({ data, metadata }: RestoreDeletedProject, state: ProjectState): ProjectEvent[] => {
  if (state.status === 'active' && state.ownerId === metadata.actorId) return [];
  if (state.status !== 'deleted' || state.ownerId !== metadata.actorId) throw new NotFoundError('project', data.projectId);
  if (Date.parse(metadata.now) > Date.parse(restorableUntil(state.deletedAt))) {
    throw new NotFoundError('project', data.projectId, `This project was deleted more than ${TRASH_DAYS} days ago and cannot be restored`);
  }
  const { project } = state;
  // The key comes back only if the vault still holds the one the project had (the command API looked).
  const key = project.aiKey && data.keyKept ? { aiKey: project.aiKey, aiKeyStatus: project.aiKeyStatus } : {};
  return [
    {
      type: 'ProjectRestored',
      data: {
        projectId: data.projectId,
        ownerId: project.ownerId,
        kind: project.kind,
        content: restorableContentOf(project),
        deletedAt: state.deletedAt,
        restoredAt: metadata.now,
        ...key,
        ...(project.naming ? { naming: project.naming } : {}),
      },
    },
  ];
};

/**
 * What the removal at `revision` took (`change`, with the project `before` it, read by the server from the log)
 * goes back where it was in the list; what changed since stays changed (another chip removed stays removed, values
 * added since come after). Undoing twice changes nothing the second time. A guided list's removal and a builder
 * category's are undone alike; the builder's is recorded as its own event, as its removals are.
 */
export const undoParameterRemoval = ({ data, metadata }: UndoParameterRemoval, state: ProjectState): ProjectEvent[] => {
  const project = ownedActive(state, data.projectId, metadata.actorId);
  requireRevision(project, data.revision);
  const { change, before } = data;
  if (before?.status !== 'active') throw nothingRemoved();
  const undone = { projectId: data.projectId, undoneRevision: data.revision, restoredAt: metadata.now };
  switch (change?.type) {
    case 'ParameterRemoved':
    case 'ParametersCleared': {
      const { list } = change.data;
      const removed = change.type === 'ParametersCleared' ? change.data.values : [change.data.value];
      const restored = restoredList(parameterListOf(before, list), parameterListOf(project, list), removed);
      return restored ? [{ type: 'ParametersRestored', data: { ...undone, list, ...restored } }] : [];
    }
    case 'BuilderParameterRemoved':
    case 'BuilderParametersCleared': {
      const { category, step } = change.data;
      const removed = change.type === 'BuilderParametersCleared' ? change.data.values : [change.data.value];
      const builderNow = project.builder?.categories[category].params ?? [];
      const restored = restoredList(before.builder?.categories[category].params ?? [], builderNow, removed);
      if (!restored) return [];
      // A finished idea takes no edit (decide-builder.ts): its completion view is what gets published.
      assertBuilderOpen(project);
      return [{ type: 'BuilderParametersRestored', data: { ...undone, category, step, ...restored } }];
    }
    default:
      throw nothingRemoved();
  }
};

const nothingRemoved = () => new ValidationError('revision', 'revision: nothing was removed from a list at that revision');

/**
 * The list with `removed` back where they were in `was` (the list before the removal), beside what it holds
 * `now`; null when that changes nothing.
 */
const restoredList = (was: readonly string[], now: readonly string[], removed: readonly string[]) => {
  const values = [...was.filter((value) => removed.includes(value) || now.includes(value)), ...now.filter((value) => !was.includes(value))];
  if (sameValue(values, now)) return null;
  if (values.length > MAX_LIST_ITEMS) throw new ValidationError('revision', LIST_FULL_MESSAGE);
  return { values, previous: [...now] };
};
