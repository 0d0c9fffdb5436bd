import type { Decider } from '../decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { AddParameter, CreateProject, ProjectCommand } from './commands.ts';
import { DEFAULT_PARAMETERS, DEFAULT_PROJECT_NAME, MIN_PARAMETER_LENGTH } from './constants.ts';
import type { ProjectEvent } from './events.ts';
import { evolveProject, initialProjectState, type ProjectState } from './state.ts';

export const decideProject = (command: ProjectCommand, state: ProjectState): ProjectEvent[] => {
  switch (command.type) {
    case 'CreateProject':
      return createProject(command, state);
    case 'AddParameter':
      return addParameter(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/**
 * Another owner's project is reported as missing, not forbidden, so that ids cannot be probed.
 */
const requireOwnedProject = (state: ProjectState, projectId: string, actorId: string) => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

const createProject = ({ data, metadata }: CreateProject, state: ProjectState): ProjectEvent[] => {
  if (state.status !== 'empty') throw new ConflictError(`Project ${data.projectId} already exists`);
  return [
    {
      type: 'ProjectCreated',
      data: {
        projectId: data.projectId,
        ownerId: metadata.actorId,
        name: data.name?.trim() || DEFAULT_PROJECT_NAME,
        coreIdea: data.coreIdea?.trim() ?? '',
        parameters: [...DEFAULT_PARAMETERS],
        createdAt: metadata.now,
      },
    },
  ];
};

const addParameter = ({ data, metadata }: AddParameter, state: ProjectState): ProjectEvent[] => {
  const project = requireOwnedProject(state, data.projectId, metadata.actorId);
  const value = data.value.trim();
  // An empty value is ignored rather than refused (spec §5): the input simply had nothing in it.
  if (value === '') return [];
  if (value.length < MIN_PARAMETER_LENGTH) {
    throw new ValidationError('value', 'Parameter must be at least 2 characters', 'Invalid parameter');
  }
  // Duplicates are dropped, not refused: the spec says so (§5, variant C).
  if (project.lists[data.list]?.includes(value)) return [];
  return [{ type: 'ParameterAdded', data: { projectId: data.projectId, list: data.list, value, addedAt: metadata.now } }];
};

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState> = {
  decide: decideProject,
  evolve: evolveProject,
  initialState: initialProjectState,
};
