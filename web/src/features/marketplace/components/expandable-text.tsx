import { useState } from 'react';

/** Spec 02 §9: a description over 150 characters is cut, with Show more / Show less. */
export const DESCRIPTION_EXPAND_THRESHOLD = 150;

export const ExpandableText = ({ text }: { text: string }) => {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESCRIPTION_EXPAND_THRESHOLD;
  return (
    <div>
      <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
        {long && !expanded ? `${text.slice(0, DESCRIPTION_EXPAND_THRESHOLD).trimEnd()}…` : text}
      </p>
      {long && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          className="mt-1 text-sm font-medium text-indigo-600 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
};
