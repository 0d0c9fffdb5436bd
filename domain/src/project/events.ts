import { z } from 'zod';
import { PARAMETER_LIST_NAMES } from './constants.ts';

/**
 * Project events: past tense, carrying what an analyst needs to follow a project's evolution without the code.
 * Each schema is the newest version of its event; older versions are upgraded on read (see upcasters.ts).
 */
export const projectCreatedSchema = z.object({
  projectId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  createdAt: z.string(),
});

export const parameterAddedSchema = z.object({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES),
  value: z.string(),
  addedAt: z.string(),
});

export type ProjectCreated = { type: 'ProjectCreated'; data: z.infer<typeof projectCreatedSchema> };
export type ParameterAdded = { type: 'ParameterAdded'; data: z.infer<typeof parameterAddedSchema> };

export type ProjectEvent = ProjectCreated | ParameterAdded;
export type ProjectEventType = ProjectEvent['type'];

export const projectEventSchemas = {
  ProjectCreated: projectCreatedSchema,
  ParameterAdded: parameterAddedSchema,
} satisfies Record<ProjectEventType, z.ZodType>;

export const PROJECT_EVENT_TYPES = Object.keys(projectEventSchemas) as ProjectEventType[];

export const projectStreamId = (projectId: string) => `project-${projectId}`;
