import type { HistoryKind, ProjectHistoryEntry } from '@vis/domain';
import { Bot, Cog, User, UserRound } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { SuggestionOutcomes } from './suggestion-outcomes.tsx';
import { describeValue } from './values.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const ACTORS = {
  user: { label: 'You', icon: User },
  visitor: { label: 'Visitor', icon: UserRound },
  ai: { label: 'AI', icon: Bot },
  system: { label: 'System', icon: Cog },
} as const;

export const KIND_LABELS = {
  parameters: 'Parameters',
  stages: 'Stage moves',
  content: 'Content',
  ai: 'AI outcomes',
  publishing: 'Publishing',
  project: 'Project',
} as const satisfies Record<HistoryKind, string>;

/** The kinds a timeline can be narrowed to, in the order the filters show them. */
export const HISTORY_KIND_FILTERS = Object.keys(KIND_LABELS) as HistoryKind[];

/** One event: when, who, what in the user's words, and each field it changed, before → after. */
export const HistoryEntry = ({ entry, current, onSelect }: { entry: ProjectHistoryEntry; current: boolean; onSelect?: () => void }) => {
  const actor = ACTORS[entry.actor];
  return (
    <article
      aria-current={current ? 'step' : undefined}
      className={cn(
        'rounded-xl border p-3 text-sm',
        current ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/40' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <actor.icon className="size-3.5" aria-hidden /> {actor.label}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300">{KIND_LABELS[entry.kind]}</span>
        <time dateTime={entry.at} className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
          {timeFormat.format(new Date(entry.at))}
        </time>
      </div>
      {onSelect ? (
        <button
          type="button"
          onClick={onSelect}
          className="mt-1 text-left font-medium text-slate-900 underline-offset-2 hover:underline dark:text-slate-100"
        >
          {entry.summary}
        </button>
      ) : (
        <p className="mt-1 font-medium text-slate-900 dark:text-slate-100">{entry.summary}</p>
      )}
      {entry.changes.length > 0 && (
        <dl className="mt-2 grid gap-1">
          {entry.changes.map((change) => (
            <div key={change.field} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{change.field}</dt>
              <dd className="min-w-0 text-xs break-words">
                <del className="text-red-700 decoration-red-700/50 dark:text-red-300">{describeValue(change.before)}</del>
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="text-emerald-800 no-underline dark:text-emerald-300">{describeValue(change.after)}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.suggestions && entry.suggestions.length > 0 && <SuggestionOutcomes suggestions={entry.suggestions} />}
    </article>
  );
};
