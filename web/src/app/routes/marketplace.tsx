import { AlertTriangle, Lightbulb, Sparkles } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useIdeas } from '../../features/marketplace/api/list-ideas.ts';
import { IdeaCard } from '../../features/marketplace/components/idea-card.tsx';
import type { MarketplaceInFrameProps } from '../../features/marketplace/components/marketplace-header.tsx';
import { IdeasMessage } from '../../features/marketplace/components/ideas-message.tsx';
import { LoadMore } from '../../features/marketplace/components/load-more.tsx';
import { MyIdeas } from '../../features/marketplace/components/my-ideas.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/**
 * Spec 02 §2.9 '/marketplace': the published ideas, newest or most liked first, page by page, counts live. What
 * goes under the heading in its frame (`MarketplaceFrame`, from the first page), which shows the loading cards
 * while the first page of ideas is on its way.
 */
export const MarketplaceRoute = ({ sort, setLoading }: MarketplaceInFrameProps) => {
  const ideas = useIdeas(sort);
  // Before the browser paints: the frame's loading cards go in the same frame as the list comes.
  useLayoutEffect(() => setLoading(ideas.isPending), [ideas.isPending, setLoading]);

  // Pages are fetched one after another while counts move, so an idea can slip from one page into the next.
  const seen = new Set<string>();
  const list = (ideas.data?.pages ?? []).flatMap((page) => page.ideas).filter((idea) => !seen.has(idea.id) && seen.add(idea.id));

  return (
    <>
      <MyIdeas />

      {ideas.isPending ? null : ideas.isError && list.length === 0 ? (
        <IdeasMessage
          alert
          title="Error Loading Ideas"
          icon={<AlertTriangle className="size-10" aria-hidden />}
          action={
            <Button onClick={() => void ideas.refetch()} disabled={ideas.isFetching}>
              Try Again
            </Button>
          }
        >
          <p>{errorMessage(ideas.error, 'The marketplace could not be loaded.')}</p>
        </IdeasMessage>
      ) : list.length === 0 ? (
        <IdeasMessage
          title="No Ideas Yet"
          icon={<Lightbulb className="size-10" aria-hidden />}
          action={
            <Link to="/game" className={buttonClasses()}>
              <Sparkles className="size-4" aria-hidden /> Create Your Idea
            </Link>
          }
        >
          <p>Nobody has published an idea yet. Build yours and be the first.</p>
        </IdeasMessage>
      ) : (
        <>
          <ul aria-label="Ideas" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((idea) => (
              <li key={idea.id}>
                <IdeaCard idea={idea} />
              </li>
            ))}
          </ul>
          {ideas.hasNextPage && (
            <LoadMore loading={ideas.isFetchingNextPage} failed={ideas.isFetchNextPageError} onLoad={() => void ideas.fetchNextPage()} />
          )}
        </>
      )}
    </>
  );
};
