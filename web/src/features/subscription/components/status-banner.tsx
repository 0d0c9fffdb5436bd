import type { SubscriptionStatusBody } from '@vis/domain';
import { CheckCircle2, Clock, Gift, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatPeriodEnd } from '../texts.ts';

const tones = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  warn: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  plain: 'border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100',
} as const;

const freeUses = (count: number) => `${count} free ${count === 1 ? 'use' : 'uses'} remaining`;

/** Spec 02 §2.3 and §4 'Subscription states': one line saying where the account stands. */
export const StatusBanner = ({
  status,
  cancelAtPeriodEnd,
  periodEnd,
}: {
  status: SubscriptionStatusBody;
  cancelAtPeriodEnd: boolean;
  periodEnd: number | null | undefined;
}) => {
  let tone: keyof typeof tones;
  let icon: ReactNode;
  let label: string;
  let detail: string;
  switch (status.status) {
    case 'active':
      tone = cancelAtPeriodEnd ? 'warn' : 'good';
      icon = cancelAtPeriodEnd ? <Clock className="size-5" aria-hidden /> : <CheckCircle2 className="size-5" aria-hidden />;
      label = 'Premium';
      detail = cancelAtPeriodEnd && periodEnd ? `Cancelled: usable until ${formatPeriodEnd(periodEnd)}` : 'Your $4/month subscription is active';
      break;
    case 'free_unlimited':
      tone = 'good';
      icon = <Gift className="size-5" aria-hidden />;
      label = 'Unlimited';
      detail = 'Unlimited access from a coupon';
      break;
    case 'need_subscription':
      tone = 'warn';
      icon = <Clock className="size-5" aria-hidden />;
      label = 'Free';
      detail = "You've used all your free attempts";
      break;
    case 'free':
      tone = 'plain';
      icon = <Sparkles className="size-5" aria-hidden />;
      label = 'Free';
      detail = freeUses(status.remainingFreeUses);
      break;
  }
  return (
    <section aria-label="Subscription status" className={cn('flex items-center gap-3 rounded-xl border px-4 py-3 text-sm', tones[tone])}>
      {icon}
      <p>
        <span className="font-semibold">Status: {label}</span>
        <span aria-hidden> · </span>
        <span className="sr-only">. </span>
        {detail}
      </p>
    </section>
  );
};
