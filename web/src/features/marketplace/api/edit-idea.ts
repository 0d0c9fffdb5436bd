import type { EditIdeaResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** The owner's edit of what the marketplace shows (issue 26). */
export const editIdea = (id: string, edit: { title: string; description: string }) => api.patch<EditIdeaResponse>(ideaPath(id), edit);
