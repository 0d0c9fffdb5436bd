import { MessageSquarePlus } from 'lucide-react';
import { useEffect } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { StandInTrigger, type TriggerLook } from '../../../components/ui/stand-in-trigger.tsx';
import { cn } from '../../../lib/cn.ts';
import { codeOnDemand, useCodeOnIntent } from '../../../lib/load-on-intent.ts';

// The dialog (Radix's, with its focus trap and scroll lock) is fetched on intent: the first page shows only the button.
const dialogCode = codeOnDemand(() => import('./feedback-dialog.tsx').then((module) => module.FeedbackDialog));

const trigger: TriggerLook = {
  'aria-label': 'Send feedback',
  title: 'Send feedback',
  className: cn(
    'fixed right-4 bottom-4 z-40 hidden size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition-transform hover:scale-105 hover:bg-indigo-700 md:flex dark:bg-indigo-500',
    focusRing,
  ),
  children: <MessageSquarePlus className="size-5" aria-hidden />,
};

/**
 * The floating feedback button, bottom-right (spec 01 §2), and its dialog. On a phone a floating button sits on
 * top of whatever the page has at its right edge (an Apply button, a switch), so there it is hidden and the drawer
 * opens the dialog instead (`open`/`onOpenChange` from the shell).
 */
export const FeedbackButton = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const { loaded: Dialog, handover, fetchFor } = useCodeOnIntent(dialogCode);

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
