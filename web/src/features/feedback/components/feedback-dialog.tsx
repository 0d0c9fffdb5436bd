import { Bug, Heart, Lightbulb } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import type { TriggerLook } from '../../../components/ui/stand-in-trigger.tsx';
import { useHandover } from '../../../components/ui/use-handover.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { Handover } from '../../../lib/load-on-intent.ts';
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

/** The feedback dialog (spec 01 §4 'Feedback dialog') with its trigger, behind FeedbackButton. */
export const FeedbackDialog = ({
  open,
  onOpenChange: setOpen,
  trigger,
  handover,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: TriggerLook;
  handover: Handover;
}) => {
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

  const { triggerRef } = useHandover(handover);

  return (
    <Dialog open={open} onOpenChange={(next) => !submit.isPending && setOpen(next)}>
      <DialogTrigger ref={triggerRef} {...trigger} />
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
