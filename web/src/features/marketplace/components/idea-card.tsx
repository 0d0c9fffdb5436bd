import { Calendar, Eye, Heart } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import type { MarketplaceIdea } from '../api/get-idea.ts';
import { useLikeIdea } from '../hooks/use-like-idea.ts';
import { ExpandableText } from './expandable-text.tsx';
import { IdeaImage } from './idea-image.tsx';
import { dateFormatter } from '../../../lib/date-format.ts';

const formatDate = dateFormatter({ dateStyle: 'medium' });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Spec 02 §2.9: one idea of the marketplace grid, with View Details and Like. */
export const IdeaCard = ({ idea }: { idea: MarketplaceIdea }) => {
  const { like, liking } = useLikeIdea(idea.id, idea.likedByMe);
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <IdeaImage title={idea.title} imageUrl={idea.imageUrl} className="aspect-video" />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {idea.title}
        </h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <span className="inline-flex items-center gap-1" data-stat="views">
            <Eye className="size-4" aria-hidden /> {count(idea.views, 'view', 'views')}
          </span>
          <span className="inline-flex items-center gap-1" data-stat="likes">
            <Heart className="size-4 text-rose-600 dark:text-rose-400" aria-hidden /> {count(idea.likes, 'like', 'likes')}
          </span>
          <span className="inline-flex items-center gap-1">
            <Calendar className="size-4" aria-hidden />
            <time dateTime={idea.createdAt}>{formatDate(idea.createdAt)}</time>
          </span>
        </p>
        <div className="flex-1 text-sm">{idea.description && <ExpandableText text={idea.description} clamp />}</div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/marketplace/${encodeURIComponent(idea.id)}`} className={buttonClasses({ size: 'sm' })}>
            View Details
          </Link>
          <Button variant="secondary" size="sm" onClick={() => void like()} disabled={liking} aria-pressed={idea.likedByMe}>
            <Heart className={`size-4 text-rose-600 dark:text-rose-400 ${idea.likedByMe ? 'fill-current' : ''}`} aria-hidden /> Like
          </Button>
        </div>
      </div>
    </article>
  );
};
