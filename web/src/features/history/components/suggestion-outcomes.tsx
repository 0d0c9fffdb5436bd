import type { ProjectHistoryEntry } from '@vis/domain';
import { Check, PencilLine, X } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

type Suggestion = NonNullable<ProjectHistoryEntry['suggestions']>[number];

const OUTCOMES = {
  accepted: { label: 'Accepted', icon: Check, className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' },
  edited: { label: 'Edited', icon: PencilLine, className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  ignored: { label: 'Ignored', icon: X, className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200' },
} as const;

const detailOf = (suggestion: Suggestion) => {
  if (suggestion.outcome === 'edited') return `added as '${suggestion.addedAs}'`;
  if (suggestion.removed) return 'added, then removed';
  return null;
};

/** What the user did with each suggestion of an AI answer: the analyst's "did the AI help?". */
export const SuggestionOutcomes = ({ suggestions }: { suggestions: Suggestion[] }) => {
  const accepted = suggestions.filter((suggestion) => suggestion.outcome !== 'ignored').length;
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {accepted} of {suggestions.length} suggestions used
      </p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="What became of each suggestion">
        {suggestions.map((suggestion) => {
          const outcome = OUTCOMES[suggestion.outcome];
          const detail = detailOf(suggestion);
          return (
            <li
              key={suggestion.value}
              className={cn('inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs', outcome.className)}
              data-outcome={suggestion.outcome}
            >
              <outcome.icon className="size-3.5 shrink-0" aria-hidden />
              <span className="font-medium">{outcome.label}:</span>
              <span className="min-w-0 break-words">
                {suggestion.value}
                {detail && ` (${detail})`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
};
