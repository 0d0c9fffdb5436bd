import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { storage } from '../../../lib/storage.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ideaQueryOptions } from '../api/get-idea.ts';
import { publishIdea } from '../api/publish-idea.ts';

/**
 * The idea a project was published as, remembered per project in this browser: the marketplace answers no
 * project ids (an idea is public, its project is not), so the list cannot tell which idea is this project's.
 */
const publishedKey = (projectId: string) => `publishedIdea:${projectId}`;

export const ideaLink = (ideaId: string) => `${window.location.origin}/marketplace/${encodeURIComponent(ideaId)}`;

/**
 * Dashboard 'Share Project': publishes the project once, then copies the idea's link. An idea remembered but
 * since taken down (404) is published again.
 */
export const useShareProject = (projectId: string) => {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sharing, setSharing] = useState(false);

  const stillPublished = async (ideaId: string) => {
    try {
      await queryClient.fetchQuery({ ...ideaQueryOptions(ideaId), staleTime: 0 });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      return true;
    } catch {
      return false;
    }
  };

  const share = async () => {
    setSharing(true);
    try {
      const remembered = storage.get(publishedKey(projectId));
      if (remembered && (await stillPublished(remembered))) {
        const link = ideaLink(remembered);
        const copied = await copy(link);
        toast({
          title: copied ? 'Link Copied' : 'Share Link',
          description: copied ? `The link to your idea is on your clipboard: ${link}` : link,
          variant: 'success',
        });
        return;
      }
      let ideaId: string;
      try {
        ideaId = (await publishIdea(projectId)).id;
      } catch {
        toast({ title: 'Publication Failed', description: 'There was an error publishing your idea. Please try again.', variant: 'destructive' });
        return;
      }
      storage.set(publishedKey(projectId), ideaId);
      await copy(ideaLink(ideaId));
      toast({ title: 'Published Successfully!', description: 'Your idea is now available in the marketplace', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not check your published idea. Please try again.', variant: 'destructive' });
    } finally {
      setSharing(false);
    }
  };

  return { share, sharing, publishedIdeaId: () => storage.get(publishedKey(projectId)) };
};
