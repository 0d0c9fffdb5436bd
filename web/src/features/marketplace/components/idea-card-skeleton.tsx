/** Spec 02 §9: six skeleton cards while the list loads. */
export const SKELETON_CARDS = 6;

const Bar = ({ className }: { className: string }) => <div className={`rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;

const IdeaCardSkeleton = () => (
  <div data-skeleton className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
    <div className="aspect-video w-full bg-slate-200 dark:bg-slate-800" />
    <div className="space-y-3 p-4 sm:p-5">
      <Bar className="h-5 w-3/4" />
      <Bar className="h-4 w-1/2" />
      <Bar className="h-4 w-full" />
      <Bar className="h-4 w-5/6" />
      <div className="flex gap-2 pt-1">
        <Bar className="h-8 w-24" />
        <Bar className="h-8 w-16" />
      </div>
    </div>
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
