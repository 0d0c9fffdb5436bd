import { api } from '../../../lib/api-client.ts';
import { ideaPath } from './get-idea.ts';

/** Once per account or visitor: a second like changes nothing and says `alreadyLiked`. */
export const likeIdea = (id: string) =>
  api.post<{ success: true; alreadyLiked: boolean; likes: number; message: string; position: string }>(`${ideaPath(id)}/like`);
