import type { UnlikeIdeaResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** Takes the person's like back (issue 26); without one it changes nothing. */
export const unlikeIdea = (id: string) => api.delete<UnlikeIdeaResponse>(`${ideaPath(id)}/like`);
