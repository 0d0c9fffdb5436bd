import { AlertTriangle, Lightbulb, Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { isIdeaSort, useIdeas, type IdeaSort } from '../../features/marketplace/api/list-ideas.ts';
import { IdeaCard } from '../../features/marketplace/components/idea-card.tsx';
import { IdeaGridSkeleton } from '../../features/marketplace/components/idea-card-skeleton.tsx';
import { IdeaSortSelect } from '../../features/marketplace/components/idea-sort-select.tsx';
import { MARKETPLACE_PAGE, MarketplaceHeader } from '../../features/marketplace/components/marketplace-header.tsx';
import { IdeasMessage } from '../../features/marketplace/components/ideas-message.tsx';
import { LoadMore } from '../../features/marketplace/components/load-more.tsx';
import { MyIdeas } from '../../features/marketplace/components/my-ideas.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** Spec 02 §2.9 '/marketplace': the published ideas, newest or most liked first, page by page, counts live. */
export const MarketplaceRoute = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('sort');
  const sort: IdeaSort = isIdeaSort(requested) ? requested : 'newest';
  const ideas = useIdeas(sort);

  const changeSort = (next: IdeaSort) =>
    setSearchParams(
      (params) => {
        if (next === 'newest') params.delete('sort');
        else params.set('sort', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  // Pages are fetched one after another while counts move, so an idea can slip from one page into the next.
  const seen = new Set<string>();
  const list = (ideas.data?.pages ?? []).flatMap((page) => page.ideas).filter((idea) => !seen.has(idea.id) && seen.add(idea.id));

  return (
    <div className={MARKETPLACE_PAGE}>
      <MarketplaceHeader controls={<IdeaSortSelect value={sort} onChange={changeSort} />} />

      <MyIdeas />

      {ideas.isPending ? (
        <IdeaGridSkeleton />
      ) : ideas.isError && list.length === 0 ? (
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
    </div>
  );
};
