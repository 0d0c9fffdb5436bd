import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ideaQueryOptions, useIdea } from '../../features/marketplace/api/get-idea.ts';
import { viewIdea } from '../../features/marketplace/api/view-idea.ts';
import { IdeaDetail } from '../../features/marketplace/components/idea-detail.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

/** Spec 02 §2.10 '/marketplace/:id': the idea, one view recorded when it has opened (never for a missing one). */
export const MarketplaceIdeaRoute = () => {
  const id = useParams().id!;
  const idea = useIdea(id);
  const viewed = useRef<string | null>(null);
  const queryClient = useQueryClient();

  const found = idea.isSuccess;
  useEffect(() => {
    // Once per opened idea, also under StrictMode's double effects, and only once it was found: a missing or
    // failing idea is not viewed. The refetch after it reads our own view (X-Min-Position): its live
    // announcement may come before this page's subscription is in place.
    if (!found || viewed.current === id) return;
    viewed.current = id;
    viewIdea(id)
      .then(() => queryClient.invalidateQueries({ queryKey: ideaQueryOptions(id).queryKey }))
      .catch(() => undefined);
  }, [found, id, queryClient]);

  if (idea.isPending) return <PageLoading />;
  if (idea.isError) {
    const missing = idea.error instanceof ApiError && idea.error.status === 404;
    return (
      <ErrorScreen
        title={missing ? 'Idea Not Found' : 'Error Loading Idea'}
        actions={
          <>
            {!missing && <Button onClick={() => void idea.refetch()}>Try Again</Button>}
            <Link to="/marketplace" className={buttonClasses({ variant: missing ? 'primary' : 'secondary' })}>
              Back to Marketplace
            </Link>
          </>
        }
      >
        <p>{errorMessage(idea.error, 'Failed to load the idea.')}</p>
      </ErrorScreen>
    );
  }
  return <IdeaDetail idea={idea.data} />;
};
