import { z } from 'zod';
import type { Command } from '../decider.ts';
import { MAX_CORE_IDEA_LENGTH, MAX_PARAMETER_LENGTH, MAX_PROJECT_NAME_LENGTH, PARAMETER_LIST_NAMES } from './constants.ts';

/** Command payload schemas double as the HTTP body schemas: strict, so unknown fields are refused by name. */
export const createProjectSchema = z.strictObject({
  projectId: z.uuid(),
  name: z.string().max(MAX_PROJECT_NAME_LENGTH).optional(),
  coreIdea: z.string().max(MAX_CORE_IDEA_LENGTH).optional(),
});

export const addParameterSchema = z.strictObject({
  projectId: z.string(),
  list: z.enum(PARAMETER_LIST_NAMES).default('parameters'),
  value: z.string().max(MAX_PARAMETER_LENGTH),
});

export type CreateProject = Command<'CreateProject', z.infer<typeof createProjectSchema>>;
export type AddParameter = Command<'AddParameter', z.infer<typeof addParameterSchema>>;

export type ProjectCommand = CreateProject | AddParameter;
