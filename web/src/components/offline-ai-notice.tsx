import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useOfflineAnswerOn } from '../lib/ai/offline-answers.ts';

export const OFFLINE_AI_NOTICE = 'Offline AI — add a Gemini key in Settings for richer ideas';

/**
 * Once per screen, after the first suggestion there came from the offline generator: the person should know the
 * words are a template's, and where to get better ones. Closing it keeps it closed on that screen.
 */
export const OfflineAiNotice = () => {
  const { pathname } = useLocation();
  const offline = useOfflineAnswerOn(pathname);
  const [closedOn, setClosedOn] = useState<ReadonlySet<string>>(() => new Set());
  if (!offline || closedOn.has(pathname)) return null;
  const [text] = OFFLINE_AI_NOTICE.split(' — ');
  return (
    // As wide as the screens' own column (max-w-5xl), so it reads as part of the page rather than a site banner.
    <div className="mx-auto w-full max-w-5xl px-3 pt-3 xs:px-4 sm:px-6 lg:px-8">
      <div
        role="status"
        data-testid="offline-ai-notice"
        className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
      >
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p className="flex-1">
          {text} —{' '}
          <Link to="/settings" className="font-medium underline underline-offset-2">
            add a Gemini key in Settings
          </Link>{' '}
          for richer ideas
        </p>
        <button
          type="button"
          aria-label="Close the offline AI notice"
          className="rounded p-0.5 hover:bg-sky-100 dark:hover:bg-sky-900"
          onClick={() => setClosedOn((closed) => new Set(closed).add(pathname))}
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
};
