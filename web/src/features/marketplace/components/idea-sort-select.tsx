import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { IdeaSort } from '../idea-sorts.ts';

const LABELS: Record<IdeaSort, string> = { newest: 'Newest', likes: 'Most liked' };

export const IdeaSortSelect = ({ value, onChange }: { value: IdeaSort; onChange: (sort: IdeaSort) => void }) => (
  <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
    Sort by
    <select
      value={value}
      onChange={(event) => onChange(event.target.value as IdeaSort)}
      className={cn(
        'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        focusRing,
      )}
    >
      {(Object.keys(LABELS) as IdeaSort[]).map((sort) => (
        <option key={sort} value={sort}>
          {LABELS[sort]}
        </option>
      ))}
    </select>
  </label>
);
