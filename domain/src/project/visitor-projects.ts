import { z } from 'zod';
import type { Command, Decider } from '../decider.ts';
import { ValidationError } from '../errors.ts';

/**
 * Which projects a visitor (an anonymous browser) created, on a stream of the visitor's own, so that signing in
 * finds them in the log itself: a read model can lag, rebuild or be stopped, and a project it has not applied yet
 * would stay behind on the visitor's account (issue 27, bug 4). Read by stream id, which both event stores index;
 * no server-side projection (EventStoreDB's `$by_category`, `$by_event_type`) has to be enabled or caught up.
 *
 * The sign-in closes the list (VisitorProjectsAdopted) and then moves every project on it. A project is recorded
 * after its own creation, so whatever the order of the two requests, each project is moved exactly once: recorded
 * before the close, the sign-in moves it (it already exists); recorded after, the list refuses it and the creating
 * request moves it to the user who closed the list.
 */

export const visitorProjectsStreamId = (visitorAccount: string) => `owner-${visitorAccount}`;

const visitorAccount = z.string().regex(/^visitor-/, "must be a visitor's account");
const projectId = z.string().min(1);

export const recordVisitorProjectSchema = z.object({ visitorId: visitorAccount, projectId });
export const adoptVisitorProjectsSchema = z.object({ visitorId: visitorAccount });

export type RecordVisitorProject = Command<'RecordVisitorProject', z.infer<typeof recordVisitorProjectSchema>>;
export type AdoptVisitorProjects = Command<'AdoptVisitorProjects', z.infer<typeof adoptVisitorProjectsSchema>>;
export type VisitorProjectsCommand = RecordVisitorProject | AdoptVisitorProjects;

export const visitorProjectRecordedSchema = z.object({ visitorId: z.string(), projectId: z.string(), recordedAt: z.string() });
export const visitorProjectsAdoptedSchema = z.object({ visitorId: z.string(), userId: z.string(), adoptedAt: z.string() });
export type VisitorProjectRecorded = { type: 'VisitorProjectRecorded'; data: z.infer<typeof visitorProjectRecordedSchema> };
export type VisitorProjectsAdopted = { type: 'VisitorProjectsAdopted'; data: z.infer<typeof visitorProjectsAdoptedSchema> };
export type VisitorProjectsEvent = VisitorProjectRecorded | VisitorProjectsAdopted;

export const visitorProjectsEventSchemas = {
  VisitorProjectRecorded: visitorProjectRecordedSchema,
  VisitorProjectsAdopted: visitorProjectsAdoptedSchema,
} satisfies { [T in VisitorProjectsEvent['type']]: z.ZodType<Extract<VisitorProjectsEvent, { type: T }>['data'], unknown> };

export interface VisitorProjectsState {
  /** In the order they were created. */
  projectIds: readonly string[];
  /** The user whose sign-in closed the list: a project created after it goes to them. */
  adoptedBy: string | null;
}

/** Only the visitor itself records its projects: a project id in another visitor's list would never move anyway. */
const recordVisitorProject = ({ data, metadata }: RecordVisitorProject, state: VisitorProjectsState): VisitorProjectsEvent[] => {
  if (metadata.actorId !== data.visitorId) throw new ValidationError('visitorId', 'A visitor records only its own projects');
  // Closed: the creating request hands the project to `adoptedBy` itself, as the sign-in has read the list already.
  if (state.adoptedBy !== null || state.projectIds.includes(data.projectId)) return [];
  return [{ type: 'VisitorProjectRecorded', data: { visitorId: data.visitorId, projectId: data.projectId, recordedAt: metadata.now } }];
};

/** The first sign-in in the browser takes the visitor's projects; a later one (another person, say) takes nothing. */
const adoptVisitorProjects = ({ data, metadata }: AdoptVisitorProjects, state: VisitorProjectsState): VisitorProjectsEvent[] => {
  if (!metadata.actorId.startsWith('user-')) throw new ValidationError('actorId', 'Projects move only to a signed-in user');
  if (state.adoptedBy !== null) return [];
  return [{ type: 'VisitorProjectsAdopted', data: { visitorId: data.visitorId, userId: metadata.actorId, adoptedAt: metadata.now } }];
};

export const decideVisitorProjects = (command: VisitorProjectsCommand, state: VisitorProjectsState): VisitorProjectsEvent[] => {
  switch (command.type) {
    case 'RecordVisitorProject':
      return recordVisitorProject(command, state);
    case 'AdoptVisitorProjects':
      return adoptVisitorProjects(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

export const evolveVisitorProjects = (state: VisitorProjectsState, event: VisitorProjectsEvent): VisitorProjectsState => {
  switch (event.type) {
    case 'VisitorProjectRecorded':
      return { ...state, projectIds: [...state.projectIds, event.data.projectId] };
    case 'VisitorProjectsAdopted':
      return { ...state, adoptedBy: event.data.userId };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

export const visitorProjectsDecider: Decider<VisitorProjectsCommand, VisitorProjectsEvent, VisitorProjectsState> = {
  decide: decideVisitorProjects,
  evolve: evolveVisitorProjects,
  initialState: () => ({ projectIds: [], adoptedBy: null }),
};
