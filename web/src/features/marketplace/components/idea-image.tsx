import { cn } from '../../../lib/cn.ts';

/** Spec 02 §9: the placeholder shows the first 20 characters of the title. */
export const PLACEHOLDER_TITLE_LENGTH = 20;

/**
 * An idea's picture, decorative beside its title: its own image, else a placeholder drawn here from the title
 * (no placeholder service: the Content-Security-Policy allows no other origin for it).
 */
export const IdeaImage = ({ title, imageUrl, className }: { title: string; imageUrl: string | null; className?: string }) =>
  imageUrl ? (
    <img src={imageUrl} alt="" loading="lazy" className={cn('w-full object-cover', className)} />
  ) : (
    <div
      aria-hidden
      data-placeholder
      className={cn(
        'flex w-full items-center justify-center bg-gradient-to-br from-indigo-600 to-fuchsia-700 p-4 text-center text-xl font-bold break-words text-white',
        className,
      )}
    >
      {title.slice(0, PLACEHOLDER_TITLE_LENGTH)}
    </div>
  );
