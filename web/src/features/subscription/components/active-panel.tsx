import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { AccountPlan } from '@vis/domain';
import { AlertTriangle, CalendarDays, CheckCircle2, Gift, LayoutDashboard } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { overlayClasses } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { BENEFITS, CANCEL_EXCEPTION, CANCEL_FAILED, NO_ACTIVE_SUBSCRIPTION } from '../texts.ts';
import { failureMessage } from './messages.ts';

/**
 * Spec 02 §2.3 'Subscribe panel (status active or free_unlimited)': the renewal or end date, the dashboard, and
 * a confirmed cancel, after which the status is refetched (§4 'Cancel'). Which panel and which date are the
 * server's plan: its dates are the ones the plan label writes.
 */
export const ActivePanel = ({ plan, subscriptionId }: { plan: AccountPlan; subscriptionId: string | null }) => {
  const id = useId();
  const unlimited = plan.kind === 'unlimited_by_coupon';
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const toast = useToast();
  const periodEnd = plan.periodEndsOn;
  const ending = plan.kind === 'premium_until';

  const askToCancel = () => {
    if (!subscriptionId) {
      toast({ title: 'Error', description: NO_ACTIVE_SUBSCRIPTION, variant: 'destructive' });
      return;
    }
    setConfirming(true);
  };

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast({ title: 'Subscription Cancelled', description: answer.message, variant: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Error', description: failureMessage(error, CANCEL_FAILED, CANCEL_EXCEPTION), variant: 'destructive' });
      },
    });

  return (
    <Card className="space-y-6 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          {unlimited ? <Gift className="size-5" aria-hidden /> : <CheckCircle2 className="size-5" aria-hidden />}
        </div>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
            {unlimited ? 'Unlimited Access' : 'Subscription Active'}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {unlimited ? 'A coupon gave you unlimited access. There is nothing to renew.' : 'Thank you for subscribing. Enjoy unlimited ideas.'}
          </p>
        </div>
      </div>

      {!unlimited && periodEnd !== null && (
        <p
          className={
            ending
              ? 'flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
              : 'flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200'
          }
        >
          <CalendarDays className="size-4 shrink-0" aria-hidden />
          {ending ? `Your subscription will end on ${periodEnd}` : `Renews on ${periodEnd}`}
        </p>
      )}

      <ul aria-label="Included" className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-200">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
            {benefit}
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/dashboard" className={buttonClasses({ size: 'lg' })}>
          <LayoutDashboard className="size-4" aria-hidden />
          Go to Dashboard
        </Link>
        {plan.kind === 'premium' && (
          <Button variant="secondary" size="lg" onClick={askToCancel}>
            Cancel Subscription
          </Button>
        )}
      </div>

      <AlertDialog.Root open={confirming} onOpenChange={(open) => !cancel.isPending && setConfirming(open)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClasses} />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl dark:border-slate-800 dark:bg-slate-900">
            <AlertDialog.Title className="flex items-center gap-2 text-lg font-semibold">
              <AlertTriangle className="size-5 text-amber-500" aria-hidden />
              Cancel Subscription?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {periodEnd !== null
                ? `You keep unlimited access until ${periodEnd}. After that your subscription ends and is not renewed.`
                : 'Your subscription ends and is not renewed.'}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })} disabled={cancel.isPending}>
                Keep Subscription
              </AlertDialog.Cancel>
              <Button variant="danger" disabled={cancel.isPending} onClick={confirmCancel}>
                {cancel.isPending ? 'Cancelling...' : 'Confirm Cancel'}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Card>
  );
};
