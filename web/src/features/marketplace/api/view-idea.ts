import type { ViewIdeaResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** The server counts one view per viewer per hour; the detail page sends it once when it opens. */
export const viewIdea = (id: string) => api.post<ViewIdeaResponse>(`${ideaPath(id)}/view`);
