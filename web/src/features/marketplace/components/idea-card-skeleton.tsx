/** Spec 02 §9: six skeleton cards while the list loads. */
export const SKELETON_CARDS = 6;

/**
 * A loading card: its picture, then its bars (title, a line, two lines of text, two buttons) drawn by one element
 * through the `skeleton-bars` mask (index.css) instead of eleven elements. The grid stands in the first page of
 * /marketplace and is removed when the ideas arrive: each element fewer is less for the browser to build, lay out
 * and take down (taking down the 70 elements of the earlier drawing was most of the CPU of those two renders under
 * Lighthouse's trace).
 */
const IdeaCardSkeleton = () => (
  <div data-skeleton className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
    <div className="aspect-video w-full bg-slate-200 dark:bg-slate-800" />
    <div className="skeleton-bars box-content h-38 bg-slate-200 p-4 sm:p-5 dark:bg-slate-800" />
  </div>
);

export const IdeaGridSkeleton = () => (
  <div role="status" aria-label="Loading ideas" className="grid animate-pulse gap-6 sm:grid-cols-2 lg:grid-cols-3">
    {Array.from({ length: SKELETON_CARDS }, (_, index) => (
      <IdeaCardSkeleton key={index} />
    ))}
    <span className="sr-only">Loading ideas...</span>
  </div>
);
