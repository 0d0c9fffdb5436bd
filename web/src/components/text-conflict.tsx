import { Button } from './ui/button.tsx';

const Version = ({ title, text }: { title: string; text: string }) => (
  <figure className="min-w-0 rounded-lg border border-amber-200 bg-white p-2 dark:border-amber-800 dark:bg-slate-900">
    <figcaption className="text-xs font-semibold text-slate-700 dark:text-slate-300">{title}</figcaption>
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
      {text || <span className="text-slate-600 italic dark:text-slate-400">(empty)</span>}
    </p>
  </figure>
);

/** Another tab saved this text while it was being edited here: both versions, and a button to keep each. */
export const TextConflict = ({
  id,
  label,
  mine,
  theirs,
  keepMine,
  keepTheirs,
}: {
  id: string;
  label: string;
  mine: string;
  theirs: string;
  keepMine: () => void;
  keepTheirs: () => void;
}) => (
  <div
    id={id}
    role="alert"
    aria-label={`${label}: changed in another tab`}
    className="mt-2 space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
  >
    <p className="text-sm font-semibold">Changed in another tab</p>
    <p className="text-sm">This text was saved in another tab while you were editing it. Which version do you want to keep?</p>
    <div className="grid gap-2 sm:grid-cols-2">
      <Version title="Your version" text={mine} />
      <Version title="Other tab's version" text={theirs} />
    </div>
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={keepMine}>
        Keep my version
      </Button>
      <Button size="sm" variant="secondary" onClick={keepTheirs}>
        Keep other version
      </Button>
    </div>
  </div>
);
