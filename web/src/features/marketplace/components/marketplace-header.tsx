import { ArrowLeft } from 'lucide-react';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { IdeaGridSkeleton } from './idea-card-skeleton.tsx';
import { IdeaSortSelect } from './idea-sort-select.tsx';
import { isIdeaSort, type IdeaSort } from '../idea-sorts.ts';

/** The marketplace's heading and introduction, beside `controls` (the sort order). */
const MarketplaceHeader = ({ controls }: { controls: ReactNode }) => (
  <header className="flex flex-wrap items-end justify-between gap-4">
    <div className="min-w-0 space-y-2">
      <Link to="/generator" className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), '-ml-3 text-indigo-700 dark:text-indigo-300')}>
        <ArrowLeft className="size-4" aria-hidden /> Back to Generator
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Viral Idea Marketplace</h1>
      <p className="text-slate-600 dark:text-slate-300">Browse the ideas others have published, and like the ones you would share.</p>
    </div>
    {controls}
  </header>
);

const MARKETPLACE_PAGE = 'mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-10';

/** What the marketplace screen's code (routes/marketplace.tsx) is given by the frame it renders in. */
export interface MarketplaceInFrameProps {
  /** The order the address asks for (`?sort=`), newest first when it asks for none it knows. */
  sort: IdeaSort;
  /** Shows the frame's loading cards (under what the screen renders) or not: the screen's list is not there yet. */
  setLoading: (loading: boolean) => void;
}

/**
 * /marketplace: its heading and introduction with the sort order, the screen's code (`screen`) under them, and
 * the loading cards where the ideas go until the screen has them. Rendered by the first page both while that code
 * loads (the router's placeholder: the heading, the largest text of a first visit, paints with the first frame)
 * and once it has arrived (the route's element): the same component in the same place, so React keeps the
 * heading and the loading cards painted first as they are instead of taking them down and building them again
 * when the code arrives. Until then the sort control keeps its place, unseen and out of reach, so nothing moves
 * when it starts to work.
 */
export const MarketplaceFrame = ({ screen: Screen }: { screen?: ComponentType<MarketplaceInFrameProps> }) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('sort');
  const sort: IdeaSort = isIdeaSort(requested) ? requested : 'newest';
  const [loading, setLoading] = useState(true);
  const changeSort = (next: IdeaSort) =>
    setSearchParams(
      (params) => {
        if (next === 'newest') params.delete('sort');
        else params.set('sort', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const waiting = Screen === undefined;
  // The same element while the order stays: the frame's own renders (the loading cards going) do not render the list again.
  const content = useMemo(() => Screen && <Screen sort={sort} setLoading={setLoading} />, [Screen, sort]);
  return (
    <div className={MARKETPLACE_PAGE}>
      <MarketplaceHeader
        controls={
          <div aria-hidden={waiting || undefined} inert={waiting} className={waiting ? 'invisible' : undefined}>
            <IdeaSortSelect value={sort} onChange={changeSort} />
          </div>
        }
      />
      {content}
      {(waiting || loading) && <IdeaGridSkeleton />}
    </div>
  );
};
