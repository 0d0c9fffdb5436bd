import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { IdeaGridSkeleton } from './idea-card-skeleton.tsx';
import { IdeaSortSelect } from './idea-sort-select.tsx';

/** The marketplace's heading and introduction, beside `controls` (the sort order). */
export const MarketplaceHeader = ({ controls }: { controls: ReactNode }) => (
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

export const MARKETPLACE_PAGE = 'mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-10';

/**
 * What /marketplace shows while its screen's code is on its way, from the first page's own code: the heading and
 * introduction (the largest text of a first visit) paint with the first frame instead of after the screen's chunk,
 * and the loading cards stand where the ideas go. The sort control keeps its place, unseen and out of reach
 * until the screen arrives with the working one, so nothing moves when it does.
 */
export const MarketplaceLoading = () => (
  <div className={MARKETPLACE_PAGE}>
    <MarketplaceHeader
      controls={
        <div aria-hidden inert className="invisible">
          <IdeaSortSelect value="newest" onChange={() => undefined} />
        </div>
      }
    />
    <IdeaGridSkeleton />
  </div>
);
