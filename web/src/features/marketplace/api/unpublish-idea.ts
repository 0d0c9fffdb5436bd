import type { CommandResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** Takes the owner's idea out of the marketplace (issue 26, My ideas). */
export const unpublishIdea = (id: string) => api.delete<CommandResponse & { message: string }>(ideaPath(id));
