import type { LikeIdeaResponse } from '@vis/domain';
import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** Once per account or visitor: a second like changes nothing and says `alreadyLiked`. */
export const likeIdea = (id: string) => api.post<LikeIdeaResponse>(`${ideaPath(id)}/like`);
