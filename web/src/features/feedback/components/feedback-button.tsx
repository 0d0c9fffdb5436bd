import { MessageSquarePlus } from 'lucide-react';
import { useEffect } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { StandInTrigger, type TriggerLook } from '../../../components/ui/stand-in-trigger.tsx';
import { cn } from '../../../lib/cn.ts';
import { codeOnDemand, useCodeOnIntent } from '../../../lib/load-on-intent.ts';
import { useFeedbackCorner, type FeedbackCorner } from '../corner.ts';

// The dialog (Radix's, with its focus trap and scroll lock) is fetched on intent: the first page shows only the button.
const dialogCode = codeOnDemand(() => import('./feedback-dialog.tsx').then((module) => module.FeedbackDialog));

/**
 * Where the button sits: the chosen corner, clear of the bars around the page (the top bar on a phone, the header
 * and the sidebar on wider screens). On a phone it is a tab on the screen's edge, 24 px wide: the page's controls
 * keep 16 px from the edge and the cards' controls more, so scrolling never brings one under it. Wider screens
 * have room for the round button; there the page keeps a strip free at the top or bottom (`feedbackClearance`),
 * so scrolled to that end nothing of the page is under it.
 */
const cornerClasses = (corner: FeedbackCorner, sidebarExpanded: boolean) =>
  cn(
    // On phones the top bar has two rows (100 px): a top corner sits below them.
    corner.startsWith('top') ? 'top-28 md:top-18' : 'bottom-4',
    corner.endsWith('right')
      ? 'right-0 rounded-l-full md:right-4 md:rounded-full'
      : cn('left-0 rounded-r-full md:rounded-full', sidebarExpanded ? 'md:left-76' : 'md:left-20'),
  );

/** The padding the page's main area keeps so the button, in its corner, covers none of the page's first or last controls. */
export const feedbackClearance = (corner: FeedbackCorner) => (corner.startsWith('top') ? 'pt-25 md:pt-16' : 'pt-25 md:pt-0');

const triggerFor = (corner: FeedbackCorner, sidebarExpanded: boolean): TriggerLook => ({
  'aria-label': 'Send feedback',
  title: 'Send feedback',
  className: cn(
    'fixed z-40 flex h-12 w-6 items-center justify-center bg-indigo-600 text-white shadow-lg transition-transform hover:scale-105 hover:bg-indigo-700 md:w-12 dark:bg-indigo-500',
    cornerClasses(corner, sidebarExpanded),
    focusRing,
  ),
  children: <MessageSquarePlus className="size-4 shrink-0 md:size-5" aria-hidden />,
});

/**
 * The floating feedback button in the corner chosen in Settings (spec 01 §2), on every screen size, and its dialog;
 * the mobile drawer can open the dialog too (`open`/`onOpenChange` from the shell).
 */
export const FeedbackButton = ({
  open,
  onOpenChange,
  sidebarExpanded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sidebarExpanded: boolean;
}) => {
  const { loaded: Dialog, handover, fetchFor } = useCodeOnIntent(dialogCode);
  const trigger = triggerFor(useFeedbackCorner(), sidebarExpanded);

  // Opened from the drawer, which has no stand-in to press.
  useEffect(() => {
    if (open && !Dialog) fetchFor(null);
  }, [open, Dialog, fetchFor]);

  if (!Dialog)
    return (
      <StandInTrigger
        haspopup="dialog"
        {...trigger}
        onPointerEnter={(event) => fetchFor(event.currentTarget)}
        onFocus={(event) => fetchFor(event.currentTarget)}
        onClick={() => onOpenChange(true)}
      />
    );
  return <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} handover={handover} />;
};
