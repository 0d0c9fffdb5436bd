import { ArrowLeft, Eye, Heart, Lightbulb } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { MarketplaceIdea } from '../api/get-idea.ts';
import { useLikeIdea } from '../hooks/use-like-idea.ts';
import { ExpandableText } from './expandable-text.tsx';
import { IdeaImage } from './idea-image.tsx';
import { dateFormatter } from '../../../lib/date-format.ts';

const TAGS = ['Viral Marketing', 'Engagement', 'Web-based'] as const;
const formatDate = dateFormatter({ dateStyle: 'medium' });

/** Texts compared as a reader would: the same words, whatever the spacing. */
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

const Section = ({ title, text }: { title: string; text: string }) =>
  text ? (
    <Card aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-2 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{text}</p>
    </Card>
  ) : null;

/** Spec 02 §2.10: one idea with its counts, the Like button and the side card. */
export const IdeaDetail = ({ idea }: { idea: MarketplaceIdea }) => {
  const { like, liking } = useLikeIdea(idea.id, idea.likedByMe);
  // The description defaults to the core idea when published: the same text is shown once, as the description.
  const description = idea.description.trim() ? idea.description : idea.coreIdea;
  const coreIdea = sameText(idea.coreIdea, description) ? '' : idea.coreIdea;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header className="space-y-3">
        <Link to="/marketplace" className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), '-ml-3 text-indigo-700 dark:text-indigo-300')}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Marketplace
        </Link>
        <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">Marketplace</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{idea.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void like()}
            disabled={liking}
            aria-label={`Like (${idea.likes})`}
            aria-pressed={idea.likedByMe}
          >
            <Heart className={`size-4 text-rose-500 ${idea.likedByMe ? 'fill-current' : ''}`} aria-hidden /> Like ({idea.likes})
          </Button>
          <span className="flex items-center gap-1" aria-label={`${idea.views} views`}>
            <Eye className="size-4" aria-hidden /> {idea.views} views
          </span>
          <time dateTime={idea.createdAt}>{formatDate(idea.createdAt)}</time>
          {idea.ownedByYou && (
            <span className="rounded-full bg-indigo-100 px-2 text-xs text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">Your idea</span>
          )}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <IdeaImage title={idea.title} imageUrl={idea.imageUrl} className={cn('rounded-2xl', idea.imageUrl ? 'aspect-video' : 'aspect-[3/1]')} />
          {description && (
            <Card aria-label="Description">
              <h2 className="font-semibold">Description</h2>
              <div className="mt-2 text-sm">
                <ExpandableText text={description} />
              </div>
            </Card>
          )}
          <Section title="Core Idea" text={coreIdea} />
          <Section title="Viral Triggers" text={idea.viralTriggers} />
          <Section title="Technical Framework" text={idea.techFramework} />
          <Section title="Sustainability" text={idea.sustainability} />
        </div>
        <aside className="space-y-4">
          <Card aria-label="About this idea">
            <ul className="flex flex-wrap gap-2">
              {TAGS.map((tag) => (
                <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium dark:bg-slate-800">
                  {tag}
                </li>
              ))}
            </ul>
            <h2 className="mt-4 text-sm font-semibold">Best For</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">One-page viral experiments.</p>
            <Link to="/game" className={cn(buttonClasses(), 'mt-4 w-full')}>
              <Lightbulb className="size-4" aria-hidden /> Create New Idea
            </Link>
          </Card>
        </aside>
      </div>
    </div>
  );
};
