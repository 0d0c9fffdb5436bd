import type { AccountSubscription, AccountState } from './state.ts';

/**
 * The one plan label of an account (issue 26, "one truth about the account"): the server derives it and every
 * screen shows it, so the header, the user menu, Billing, the dashboard and the subscription page can never tell
 * one person five different things. No zod here: the web app imports the types.
 */
export const PLAN_KINDS = ['free', 'free_with_points', 'unlimited_by_coupon', 'premium', 'premium_until'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export interface AccountPlan {
  kind: PlanKind;
  /** Exactly one of 'Free', 'Free with N points', 'Unlimited by coupon', 'Premium', 'Premium until DATE'. */
  label: string;
  /**
   * A paid subscription runs (spec 02 §1: Premium only while it is 'active'): the user menu's 'Active
   * Subscription' badge and green dot (§2.2). An unlimited coupon is no subscription.
   */
  subscribed: boolean;
  /** AI requests cost nothing (Premium or the unlimited coupon): nothing to subscribe for, no points to run out of. */
  unlimited: boolean;
  /** Premium's paid period ends on this date, written as the label writes it: when it renews, or when it ends. */
  periodEndsOn: string | null;
}

/** What the plan depends on: an account's state, or the balances read model shaped like it. */
export type PlanFacts = Pick<AccountState, 'points'> & {
  subscription: Pick<AccountSubscription, 'status' | 'cancelAtPeriodEnd'> & { currentPeriodEnd?: number | null | undefined };
};

/**
 * 'December 23, 2026'. The server does not know the reader's time zone, so every plan date is UTC: the label and
 * the lines beside it then name the same day on every screen.
 */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const planDate = (unixSeconds: number): string => longDate.format(new Date(unixSeconds * 1000));

const pointsText = (points: number) => (points === 1 ? '1 point' : `${points} points`);

/**
 * A paid subscription outranks an unlimited coupon (the account's status stays 'active' over a coupon and becomes
 * 'free_unlimited' when the subscription ends); an unpaid ('incomplete') subscription counts for nothing yet.
 */
export const planOf = ({ points, subscription }: PlanFacts): AccountPlan => {
  const periodEnd = subscription.currentPeriodEnd ?? null;
  const periodEndsOn = periodEnd === null ? null : planDate(periodEnd);
  switch (subscription.status) {
    case 'active':
      return subscription.cancelAtPeriodEnd && periodEndsOn !== null
        ? { kind: 'premium_until', label: `Premium until ${periodEndsOn}`, subscribed: true, unlimited: true, periodEndsOn }
        : { kind: 'premium', label: 'Premium', subscribed: true, unlimited: true, periodEndsOn };
    case 'free_unlimited':
      return { kind: 'unlimited_by_coupon', label: 'Unlimited by coupon', subscribed: false, unlimited: true, periodEndsOn: null };
    case 'none':
    case 'incomplete':
      return points > 0
        ? { kind: 'free_with_points', label: `Free with ${pointsText(points)}`, subscribed: false, unlimited: false, periodEndsOn: null }
        : { kind: 'free', label: 'Free', subscribed: false, unlimited: false, periodEndsOn: null };
    default: {
      const unhandled: never = subscription.status;
      throw new Error(`unknown subscription status ${String(unhandled)}`);
    }
  }
};
