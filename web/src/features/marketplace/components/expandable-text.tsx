import { useId, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Spec 02 §9: a description over 150 characters is cut, with Show more / Show less. */
export const DESCRIPTION_EXPAND_THRESHOLD = 150;

/**
 * `clamp` (the marketplace cards, §2.9): a long text is clamped to 3 lines instead of cut at the threshold, so
 * the cards of a row keep one height.
 */
export const ExpandableText = ({ text, clamp = false, className }: { text: string; clamp?: boolean; className?: string }) => {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > DESCRIPTION_EXPAND_THRESHOLD;
  const collapsed = long && !expanded;
  return (
    <div>
      <p
        id={id}
        className={cn('whitespace-pre-line break-words text-slate-700 dark:text-slate-300', clamp && collapsed && 'line-clamp-3', className)}
      >
        {collapsed && !clamp ? `${text.slice(0, DESCRIPTION_EXPAND_THRESHOLD).trimEnd()}…` : text}
      </p>
      {long && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          aria-controls={id}
          className="mt-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
};
