import { CloudOff, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { LocalProjectCopy } from '../../../lib/projects/local-copy.ts';

const savedAtText = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Says that what follows is this browser's copy, read-only until the server answers again (spec 01 §4 'On load'). */
export const OfflineCopyNotice = ({ copy, onRetry }: { copy: LocalProjectCopy; onRetry: () => void }) => (
  <div
    role="status"
    className="mx-auto mt-4 flex w-full max-w-5xl flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 xs:flex-row xs:items-center xs:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
  >
    <p className="flex items-start gap-2">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">The server can't be reached.</strong> You're seeing the copy of '{copy.response.project.name}' saved on this
        device on {savedAtText(copy.savedAt)}. It is read-only until the connection is back.
      </span>
    </p>
    <Button size="sm" variant="secondary" onClick={onRetry}>
      <RefreshCw className="size-3.5" aria-hidden /> Try again
    </Button>
  </div>
);
