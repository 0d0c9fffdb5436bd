import type { TopIdeasResponse } from '@vis/domain';
import { Link } from 'react-router-dom';
import { DataTable } from './chart-card.tsx';

type Idea = TopIdeasResponse['mostLiked'][number];

const published = (at: string) => new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A ranked list of published ideas, each linking to its marketplace page. */
export const TopIdeasTable = ({ title, ideas, empty }: { title: string; ideas: readonly Idea[]; empty: string }) => (
  <div className="min-w-0">
    <h3 className="mb-1 text-sm font-semibold">{title}</h3>
    {ideas.length === 0 ? (
      <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
    ) : (
      <div>
        <DataTable
          caption={title}
          head={['Idea', 'Likes', 'Views', 'Published']}
          rows={ideas.map((idea, index) => [
            <span key="idea" className="inline-flex max-w-56 gap-1.5 sm:max-w-72">
              <span className="text-slate-500 tabular-nums dark:text-slate-400">{index + 1}.</span>
              <Link
                to={`/marketplace/${encodeURIComponent(idea.id)}`}
                className="truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {idea.title}
              </Link>
            </span>,
            idea.likes,
            idea.views,
            published(idea.publishedAt),
          ])}
        />
      </div>
    )}
  </div>
);
