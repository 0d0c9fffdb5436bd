import type { SubscriptionStatusBody } from '@vis/domain';
import { CheckCircle2, Clock, Gift, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const tones = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  warn: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  plain: 'border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100',
} as const;

const freeUses = (count: number) => `${count} free ${count === 1 ? 'use' : 'uses'} remaining`;

/**
 * Spec 02 §2.3 and §4 'Subscription states': one line saying where the account stands. The plan's label is the
 * server's, the same as the header's and Billing's; only the tone and the line after it are this banner's.
 */
export const StatusBanner = ({ status }: { status: SubscriptionStatusBody }) => {
  const { plan } = status;
  let tone: keyof typeof tones;
  let icon: ReactNode;
  let detail: string;
  switch (plan.kind) {
    case 'premium':
      tone = 'good';
      icon = <CheckCircle2 className="size-5" aria-hidden />;
      detail = 'Your $4/month subscription is active';
      break;
    case 'premium_until':
      tone = 'warn';
      icon = <Clock className="size-5" aria-hidden />;
      detail = 'Cancelled: it will not renew';
      break;
    case 'unlimited_by_coupon':
      tone = 'good';
      icon = <Gift className="size-5" aria-hidden />;
      detail = 'A coupon gave you unlimited access';
      break;
    case 'free':
    case 'free_with_points':
      tone = status.status === 'need_subscription' ? 'warn' : 'plain';
      icon = status.status === 'need_subscription' ? <Clock className="size-5" aria-hidden /> : <Sparkles className="size-5" aria-hidden />;
      detail = status.status === 'need_subscription' ? "You've used all your free attempts" : freeUses(status.remainingFreeUses);
      break;
  }
  return (
    <section aria-label="Subscription status" className={cn('flex items-center gap-3 rounded-xl border px-4 py-3 text-sm', tones[tone])}>
      {icon}
      <p>
        <span className="font-semibold">Status: {plan.label}</span>
        <span aria-hidden> · </span>
        <span className="sr-only">. </span>
        {detail}
      </p>
    </section>
  );
};
