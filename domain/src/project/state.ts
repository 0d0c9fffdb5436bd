import type { ParameterListName } from './constants.ts';
import type { ProjectEvent } from './events.ts';

export type ProjectState =
  | { status: 'empty' }
  | {
      status: 'active';
      projectId: string;
      ownerId: string;
      name: string;
      lists: Partial<Record<ParameterListName, string[]>>;
    };

export const initialProjectState = (): ProjectState => ({ status: 'empty' });

export const evolveProject = (state: ProjectState, event: ProjectEvent): ProjectState => {
  switch (event.type) {
    case 'ProjectCreated':
      return {
        status: 'active',
        projectId: event.data.projectId,
        ownerId: event.data.ownerId,
        name: event.data.name,
        lists: { parameters: [...event.data.parameters] },
      };
    case 'ParameterAdded': {
      if (state.status !== 'active') return state;
      const list = state.lists[event.data.list] ?? [];
      return { ...state, lists: { ...state.lists, [event.data.list]: [...list, event.data.value] } };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};
