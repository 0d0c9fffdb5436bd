import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddParameter } from '../api/add-parameter.ts';

interface ParameterListProps {
  projectId: string;
  title: string;
  list: string;
  values: string[];
}

export const ParameterList = ({ projectId, title, list, values }: ParameterListProps) => {
  const [draft, setDraft] = useState('');
  const addParameter = useAddParameter(projectId);
  const error = addParameter.error instanceof ApiError ? addParameter.error.message : addParameter.error ? 'An unexpected error occurred. Please try again.' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    addParameter.mutate({ list, value: draft }, { onSuccess: () => setDraft('') });
  };

  return (
    <section aria-labelledby={`${list}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id={`${list}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul aria-label={title} className="mt-3 flex min-h-8 flex-wrap gap-2">
        {values.length === 0 && <li className="text-sm text-slate-500">No values set</li>}
        {values.map((value) => (
          <li key={value} className="rounded-full bg-indigo-100 px-3 py-1 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
            {value}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-4 flex gap-2">
        <input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Add your own parameter"
          aria-label={`Add your own parameter to ${title}`}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:bg-slate-950"
        />
        <button
          type="submit"
          disabled={!draft.trim() || addParameter.isPending}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
        >
          {addParameter.isPending ? 'Adding...' : 'Add'}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </section>
  );
};
