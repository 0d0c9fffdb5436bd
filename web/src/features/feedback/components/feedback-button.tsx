import { Bug, Heart, Lightbulb, MessageSquarePlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useToast } from '../../../lib/toast.tsx';
import { FEEDBACK_TYPES, useSubmitFeedback, type FeedbackType } from '../api/submit-feedback.ts';

const TYPE_LABELS: Record<FeedbackType, { label: string; icon: typeof Bug }> = {
  bug: { label: 'Bug', icon: Bug },
  suggestion: { label: 'Suggestion', icon: Lightbulb },
  compliment: { label: 'Compliment', icon: Heart },
};

/** Spec 01 §8: the server's message, else 'Failed to submit feedback', else 'An unknown error occurred'. */
const failureMessage = (error: unknown) => {
  if (error instanceof ApiError) return error.message || 'Failed to submit feedback';
  if (error instanceof Error) return 'Failed to submit feedback';
  return 'An unknown error occurred';
};

/**
 * The floating feedback button, bottom-right (spec 01 §2), and its dialog (spec 01 §4 'Feedback dialog'). On a
 * phone a floating button sits on top of whatever the page has at its right edge (an Apply button, a switch),
 * so there it is hidden and the drawer opens the dialog instead (`open`/`onOpenChange` from the shell).
 */
export const FeedbackButton = ({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [type, setType] = useState<FeedbackType>('compliment');
  const [message, setMessage] = useState('');
  const submit = useSubmitFeedback();
  const toast = useToast();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      toast({ title: 'Error', description: 'Please enter your feedback message', variant: 'destructive' });
      return;
    }
    submit.mutate(
      { type, message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Feedback sent', description: 'Thank you! Your feedback has been received successfully.', variant: 'success' });
          setOpen(false);
          setMessage('');
          setType('compliment');
        },
        onError: (error) => toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !submit.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label="Send feedback"
          title="Send feedback"
          className={cn(
            'fixed right-4 bottom-4 z-40 hidden size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition-transform hover:scale-105 hover:bg-indigo-700 md:flex dark:bg-indigo-500',
            focusRing,
          )}
        >
          <MessageSquarePlus className="size-5" aria-hidden />
        </button>
      </DialogTrigger>
      <DialogContent title="Send Feedback" description="Tell us what works, what breaks and what you would like to see.">
        <form onSubmit={send} className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Type</legend>
            <div className="mt-2 grid grid-cols-3 gap-2">
              {FEEDBACK_TYPES.map((value) => {
                const { label, icon: Icon } = TYPE_LABELS[value];
                return (
                  <label key={value} className="cursor-pointer">
                    <input
                      type="radio"
                      name="feedback-type"
                      value={value}
                      checked={value === type}
                      onChange={() => setType(value)}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'flex flex-col items-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-xs font-medium text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
                        'peer-checked:border-indigo-500 peer-checked:bg-indigo-50 peer-checked:text-indigo-700 dark:peer-checked:bg-indigo-500/15 dark:peer-checked:text-indigo-200',
                        'peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500',
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                      {label}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div>
            <Label htmlFor="feedback-message">Message</Label>
            <Textarea
              id="feedback-message"
              className="mt-1"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="Your feedback..."
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Sending...' : 'Submit Feedback'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
};
