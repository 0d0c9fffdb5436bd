import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../lib/toast.tsx';
import { ideaQueryOptions } from '../api/get-idea.ts';
import { likeIdea } from '../api/like-idea.ts';
import { ideasListKey } from '../api/list-ideas.ts';

/** Like, with the spec's toasts (02 §8); a second like is answered, not counted. The idea and the lists refetch (§4). */
export const useLikeIdea = (id: string) => {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [liking, setLiking] = useState(false);
  const like = async () => {
    setLiking(true);
    try {
      const result = await likeIdea(id);
      toast(
        result.alreadyLiked
          ? { title: 'Already liked', description: result.message }
          : { title: 'Success!', description: 'You liked this idea.', variant: 'success' },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ideaQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ideasListKey }),
      ]);
    } catch {
      toast({ title: 'Error', description: 'Failed to like the idea. Please try again.', variant: 'destructive' });
    } finally {
      setLiking(false);
    }
  };
  return { like, liking };
};
