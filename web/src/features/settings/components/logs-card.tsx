import { Download, ScrollText, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { downloadText } from '../../../lib/download.ts';
import { aiProcessLog, appLog, LOG_CAP, type LogLevel } from '../../../lib/local-log.ts';

const LEVEL_LOOK: Record<LogLevel, string> = {
  debug: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-100',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-100',
  error: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-100',
  fatal: 'bg-red-700 text-white',
};

const time = (timestamp: string) => new Date(timestamp).toLocaleString();

/** One log: how full it is, its newest entries first, and Export and Clear for what this browser kept. */
const LogSection = ({
  title,
  count,
  fileName,
  entries,
  onClear,
  children,
}: {
  title: string;
  count: number;
  fileName: string;
  entries: () => unknown[];
  onClear: () => void;
  children: ReactNode;
}) => {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={titleId} className="text-sm font-semibold">
            {title}
          </h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {count} of the last {LOG_CAP} entries, kept in this browser only.
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={count === 0}
            aria-label={`Export ${title}`}
            onClick={() => downloadText(fileName, JSON.stringify(entries(), null, 2), 'application/json')}
          >
            <Download className="size-3.5" aria-hidden /> Export
          </Button>
          <Button size="sm" variant="ghost" disabled={count === 0} aria-label={`Clear ${title}`} onClick={onClear}>
            <Trash2 className="size-3.5" aria-hidden /> Clear
          </Button>
        </div>
      </div>
      {count === 0 ? (
        <p className="text-sm text-slate-600 italic dark:text-slate-400">Nothing logged yet.</p>
      ) : (
        <ol
          aria-label={title}
          tabIndex={0}
          className="max-h-64 space-y-1 overflow-y-auto rounded-xl border border-slate-200 p-2 text-xs focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700"
        >
          {children}
        </ol>
      )}
    </section>
  );
};

/**
 * Spec 01 §3, §7, §9: the local application log (failed calls, rendering and uncaught errors) and the AI process
 * log (what the AI reported while it worked), each the last 100 entries in local storage.
 */
export const LogsCard = () => {
  const entries = appLog.use();
  const aiEntries = aiProcessLog.use();
  return (
    <Card className="space-y-5" aria-label="Logs">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ScrollText className="size-5 text-indigo-500" aria-hidden /> Logs
      </h2>
      <LogSection title="Application log" count={entries.length} fileName="application-log.json" entries={appLog.entries} onClear={appLog.clear}>
        {entries
          .map((entry, index) => (
            <li key={`${entry.timestamp}-${index}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <span className={cn('rounded px-1.5 font-semibold uppercase', LEVEL_LOOK[entry.level] ?? LEVEL_LOOK.info)}>{entry.level}</span>
              <time dateTime={entry.timestamp} className="text-slate-500 tabular-nums dark:text-slate-400">
                {time(entry.timestamp)}
              </time>
              <span className="font-medium">{entry.context}</span>
              <span className="min-w-0 basis-full break-words sm:basis-auto">{entry.message}</span>
            </li>
          ))
          .reverse()}
      </LogSection>
      <LogSection
        title="AI process log"
        count={aiEntries.length}
        fileName="ai-process-log.json"
        entries={aiProcessLog.entries}
        onClear={aiProcessLog.clear}
      >
        {aiEntries
          .map((entry, index) => (
            <li key={`${entry.timestamp}-${index}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <time dateTime={entry.timestamp} className="text-slate-500 tabular-nums dark:text-slate-400">
                {time(entry.timestamp)}
              </time>
              <span className="font-medium">{entry.type}</span>
              <span className="rounded bg-slate-100 px-1.5 dark:bg-slate-800">{entry.status}</span>
              <span className="min-w-0 basis-full break-words sm:basis-auto">{entry.content}</span>
            </li>
          ))
          .reverse()}
      </LogSection>
    </Card>
  );
};
