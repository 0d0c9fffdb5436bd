import { NEED_MORE_POINTS_BELOW } from './constants.ts';
import { isSubscribed } from './decide.ts';
import type { AccountState } from './state.ts';

/** The status the subscription page shows (spec 02 §3 "Subscription status response", §4). */
export type SubscriptionStatusView = 'active' | 'free_unlimited' | 'need_subscription' | 'free';

export interface SubscriptionStatusResponse {
  status: SubscriptionStatusView;
  usageCount: number;
  remainingFreeUses: number;
}

/** What the status and access level depend on: an account's state, or a read model of its balances. */
export type BalanceFacts = Pick<AccountState, 'points' | 'freePlaysLeft' | 'usageCount'> & {
  subscription: Pick<AccountState['subscription'], 'status'>;
};

/**
 * need_subscription only when nothing is left to pay with: points still buy requests after the free plays are
 * gone, so a user with points is 'free', not asked to subscribe. An unpaid ('incomplete') subscription counts
 * for nothing yet.
 */
export const subscriptionStatusOf = (state: BalanceFacts): SubscriptionStatusResponse => {
  const { status } = state.subscription;
  const view: SubscriptionStatusView =
    status === 'active' || status === 'free_unlimited' ? status : state.freePlaysLeft < 1 && state.points < 1 ? 'need_subscription' : 'free';
  return { status: view, usageCount: state.usageCount, remainingFreeUses: state.freePlaysLeft };
};

/** Spec 02 §1: Premium only while a paid subscription is active; an unlimited coupon is still Free. */
export const accessLevelOf = (state: BalanceFacts): 'Premium' | 'Free' => (state.subscription.status === 'active' ? 'Premium' : 'Free');

/** The billing card's 'Need more AI points?' hint (spec 02 §2.8). */
export const needsMorePoints = (state: BalanceFacts): boolean => !isSubscribed(state) && state.points < NEED_MORE_POINTS_BELOW;
