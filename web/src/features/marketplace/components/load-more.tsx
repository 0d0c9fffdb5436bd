import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The next page: loaded when the sentinel below the grid scrolls into view, or with the button (keyboard users,
 * and browsers that never report the intersection).
 */
export const LoadMore = ({ loading, failed, onLoad }: { loading: boolean; failed: boolean; onLoad: () => void }) => {
  const sentinel = useRef<HTMLDivElement>(null);
  // After a failure only the button retries: scrolling must not hammer a failing server.
  const onVisible = useEffectEvent(() => {
    if (!loading && !failed) onLoad();
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // Observed afresh after each page: a sentinel still in view after a short page loads the next one too.
  }, [loading]);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 pt-2">
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load more ideas.
        </p>
      )}
      <Button variant="secondary" onClick={onLoad} disabled={loading}>
        {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
};
