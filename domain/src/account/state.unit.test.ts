import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { FREE_PLAYS } from './constants.ts';
import { accountDecider } from './decide.ts';
import type { AccountEvent } from './events.ts';
import {
  aiRequestCharged,
  aiRequestRefunded,
  cancellationScheduled,
  couponRedeemed,
  customerId,
  freePlaysSpent,
  periodEnd,
  pointsGranted,
  signedIn,
  subscriptionEnded,
  subscriptionId,
  subscriptionPaid,
  subscriptionStarted,
  unlimitedCouponRedeemed,
} from './fixtures.ts';
import { chargeOf, initialAccountState } from './state.ts';
import { accessLevelOf, needsMorePoints, subscriptionStatusOf } from './status.ts';

const stateAfter = (...events: AccountEvent[]) => fold(accountDecider, events);

describe('the account state', () => {
  it('starts with three free plays, no points, no subscription and no profile', () => {
    const state = initialAccountState();
    expect(state).toMatchObject({ points: 0, freePlaysLeft: FREE_PLAYS, usageCount: 0, subscription: { status: 'none', cancelAtPeriodEnd: false } });
    expect(state.profile).toBeNull();
    expect(FREE_PLAYS).toBe(3);
  });

  it('agrees with the balances every event carries', () => {
    const events: AccountEvent[] = [
      pointsGranted(2),
      aiRequestCharged({ requestId: 'a', method: 'point', pointsBalance: 1, freePlaysLeft: 3, usageCount: 1 }),
      aiRequestCharged({ requestId: 'b', method: 'point', pointsBalance: 0, freePlaysLeft: 3, usageCount: 2 }),
      aiRequestCharged({ requestId: 'c', method: 'free_play', pointsBalance: 0, freePlaysLeft: 2, usageCount: 3 }),
      aiRequestRefunded({ requestId: 'b', method: 'point', pointsBalance: 1, freePlaysLeft: 2, usageCount: 2 }),
      couponRedeemed({ pointsBalance: 51 }),
    ];
    events.forEach((_, index) => {
      const state = stateAfter(...events.slice(0, index + 1));
      const data = events[index]!.data as { pointsBalance: number; freePlaysLeft?: number; usageCount?: number };
      expect(state.points).toBe(data.pointsBalance);
      if (data.freePlaysLeft !== undefined) expect(state.freePlaysLeft).toBe(data.freePlaysLeft);
      if (data.usageCount !== undefined) expect(state.usageCount).toBe(data.usageCount);
    });
  });

  it('remembers how each request was charged, and which were refunded', () => {
    const state = stateAfter(aiRequestCharged(), aiRequestCharged({ requestId: 'req-2', method: 'own_key' }), aiRequestRefunded());
    expect(chargeOf(state, 'req-1')).toBeNull();
    expect(chargeOf(state, 'req-2')).toBe('own_key');
    expect(chargeOf(state, 'req-3')).toBeNull();
    expect(state.chargedRequests.get('req-1')).toEqual({ method: 'free_play', refunded: true });
  });

  it('follows the subscription from start to a scheduled end', () => {
    expect(stateAfter(subscriptionStarted()).subscription).toEqual({ status: 'incomplete', subscriptionId, customerId, cancelAtPeriodEnd: false });
    expect(stateAfter(subscriptionStarted(), ...subscriptionPaid(), cancellationScheduled({ cancelAt: periodEnd + 60 })).subscription).toEqual({
      status: 'active',
      subscriptionId,
      customerId,
      currentPeriodEnd: periodEnd + 60,
      cancelAtPeriodEnd: true,
    });
  });

  it('keeps the Stripe customer after the subscription ended, for the next one', () =>
    expect(stateAfter(subscriptionStarted(), ...subscriptionPaid(), subscriptionEnded()).subscription).toEqual({
      status: 'none',
      customerId,
      cancelAtPeriodEnd: false,
    }));

  it('keeps normalized redeemed codes and whether a coupon gave unlimited access', () => {
    const state = stateAfter(couponRedeemed(), unlimitedCouponRedeemed());
    expect(state.redeemedCoupons).toEqual(['POINTS50', 'VIRAL']);
    expect(state.unlimitedByCoupon).toBe(true);
    expect(state.subscription.status).toBe('free_unlimited');
  });

  it('keeps the latest profile', () =>
    expect(stateAfter(signedIn(), signedIn({ displayName: 'Ann B.' })).profile).toEqual({
      email: 'ann@example.com',
      displayName: 'Ann B.',
      profileImageUrl: null,
    }));

  it('never changes the state it evolves from', () => {
    const before = stateAfter(aiRequestCharged());
    accountDecider.evolve(before, aiRequestRefunded());
    accountDecider.evolve(before, subscriptionPaid()[0]);
    expect(chargeOf(before, 'req-1')).toBe('free_play');
    expect(before.stripeEventIds.size).toBe(0);
  });
});

describe('subscriptionStatusOf', () => {
  it("is 'free' with the free uses left for a new account", () =>
    expect(subscriptionStatusOf(stateAfter())).toEqual({ status: 'free', usageCount: 0, remainingFreeUses: 3 }));

  it("is 'need_subscription' once free plays and points are gone", () =>
    expect(subscriptionStatusOf(stateAfter(...freePlaysSpent()))).toEqual({ status: 'need_subscription', usageCount: 3, remainingFreeUses: 0 }));

  it("stays 'free' while points are left after the free plays", () =>
    expect(subscriptionStatusOf(stateAfter(...freePlaysSpent(), pointsGranted(1))).status).toBe('free'));

  it("is 'need_subscription' while a subscription is still unpaid", () =>
    expect(subscriptionStatusOf(stateAfter(...freePlaysSpent(), subscriptionStarted())).status).toBe('need_subscription'));

  it("is 'active' for a paid subscription, also when its cancellation is scheduled", () =>
    expect(subscriptionStatusOf(stateAfter(...subscriptionPaid(), cancellationScheduled())).status).toBe('active'));

  it("is 'free_unlimited' after an unlimited coupon, and after a paid subscription over it ended", () => {
    expect(subscriptionStatusOf(stateAfter(unlimitedCouponRedeemed())).status).toBe('free_unlimited');
    expect(
      subscriptionStatusOf(stateAfter(...subscriptionPaid(), unlimitedCouponRedeemed('active'), subscriptionEnded({ status: 'free_unlimited' })))
        .status,
    ).toBe('free_unlimited');
  });
});

describe('access texts', () => {
  it('shows Premium only for a paid active subscription', () => {
    expect(accessLevelOf(stateAfter(...subscriptionPaid()))).toBe('Premium');
    expect(accessLevelOf(stateAfter(unlimitedCouponRedeemed()))).toBe('Free');
  });

  it("hints 'Need more AI points?' under 3 points when not subscribed", () => {
    expect(needsMorePoints(stateAfter(pointsGranted(2)))).toBe(true);
    expect(needsMorePoints(stateAfter(pointsGranted(3)))).toBe(false);
    expect(needsMorePoints(stateAfter(unlimitedCouponRedeemed()))).toBe(false);
  });
});
