import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ideaQueryOptions } from '../api/get-idea.ts';
import { likeIdea } from '../api/like-idea.ts';
import { ideasListKey } from '../api/list-ideas.ts';
import { myIdeasKey } from '../api/list-my-ideas.ts';
import { unlikeIdea } from '../api/unlike-idea.ts';

/**
 * Like, or take the like back when the person already likes it (issue 26), with the spec's toasts (02 §8). The
 * idea and the lists refetch (§4), so the button shows the liked state the server computed for this person.
 */
export const useLikeIdea = (id: string, likedByMe: boolean) => {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [liking, setLiking] = useState(false);
  const like = async () => {
    setLiking(true);
    try {
      if (likedByMe) {
        const result = await unlikeIdea(id);
        toast({ title: 'Like removed', description: result.message });
      } else {
        const result = await likeIdea(id);
        toast(
          result.alreadyLiked
            ? { title: 'Already liked', description: result.message }
            : { title: 'Success!', description: 'You liked this idea.', variant: 'success' },
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ideaQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ideasListKey }),
        queryClient.invalidateQueries({ queryKey: myIdeasKey }),
      ]);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to like the idea. Please try again.'), variant: 'destructive' });
    } finally {
      setLiking(false);
    }
  };
  return { like, liking };
};
