import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { AccountCommand } from './commands.ts';
import { accountDecider } from './decide.ts';
import type { AccountEvent } from './events.ts';
import {
  aiRequestCharged,
  cancellationScheduled,
  couponRedeemed,
  freePlaysSpent,
  handedOverUnlimitedCoupon,
  periodEnd,
  pointsGranted,
  signedIn,
  subscriptionEnded,
  subscriptionPaid,
  subscriptionStarted,
  takeOverVisitorAccount,
  unlimitedCouponRedeemed,
} from './fixtures.ts';
import { planDate, planOf, type AccountPlan } from './plan.ts';

/** Given the account's history, and when a command is decided on it, then its plan is… */
const given = (...events: AccountEvent[]) => {
  let state = fold(accountDecider, events);
  const steps = {
    when: (command: AccountCommand) => {
      state = accountDecider.decide(command, state).reduce(accountDecider.evolve, state);
      return steps;
    },
    thenPlan: (expected: Partial<AccountPlan>) => expect(planOf(state)).toEqual(expect.objectContaining(expected)),
  };
  return steps;
};

describe('the plan label', () => {
  it("is 'Free' for a new account", () => given().thenPlan({ kind: 'free', label: 'Free', subscribed: false, unlimited: false, periodEndsOn: null }));

  it("is 'Free' once the free plays are used up and nothing is left", () => given(...freePlaysSpent()).thenPlan({ label: 'Free' }));

  it("is 'Free with N points' while points are left", () =>
    given(couponRedeemed()).thenPlan({ kind: 'free_with_points', label: 'Free with 50 points', unlimited: false }));

  it("counts one point as '1 point'", () => given(pointsGranted(1)).thenPlan({ label: 'Free with 1 point' }));

  it("goes back to 'Free' when the last point is spent", () =>
    given(pointsGranted(1), aiRequestCharged({ requestId: 'r1', method: 'point', pointsBalance: 0, usageCount: 1 })).thenPlan({ label: 'Free' }));

  it('is still Free while a subscription waits to be paid', () =>
    given(pointsGranted(4), subscriptionStarted()).thenPlan({ kind: 'free_with_points', label: 'Free with 4 points', subscribed: false }));

  it("is 'Unlimited by coupon' after the unlimited coupon, with no subscription", () =>
    given(unlimitedCouponRedeemed()).thenPlan({ kind: 'unlimited_by_coupon', label: 'Unlimited by coupon', subscribed: false, unlimited: true }));

  it("is 'Unlimited by coupon' for the user a visitor with the coupon signed in as, whatever points came along", () =>
    given(signedIn(), pointsGranted(7))
      .when(takeOverVisitorAccount({ unlimited: true, redeemedCoupons: [handedOverUnlimitedCoupon] }))
      .thenPlan({ kind: 'unlimited_by_coupon', label: 'Unlimited by coupon', subscribed: false, unlimited: true }));

  it("is 'Premium' while a paid subscription runs, and knows when it renews", () =>
    given(...subscriptionPaid()).thenPlan({
      kind: 'premium',
      label: 'Premium',
      subscribed: true,
      unlimited: true,
      periodEndsOn: 'December 23, 2026',
    }));

  it("is 'Premium until DATE' once the cancellation is scheduled", () =>
    given(...subscriptionPaid(), cancellationScheduled()).thenPlan({
      kind: 'premium_until',
      label: 'Premium until December 23, 2026',
      subscribed: true,
      unlimited: true,
      periodEndsOn: 'December 23, 2026',
    }));

  it("is 'Premium' over an unlimited coupon, and 'Unlimited by coupon' after the subscription ended", () => {
    given(...subscriptionPaid(), unlimitedCouponRedeemed('active', 1000)).thenPlan({ label: 'Premium' });
    given(...subscriptionPaid(), unlimitedCouponRedeemed('active', 1000), subscriptionEnded({ status: 'free_unlimited' })).thenPlan({
      label: 'Unlimited by coupon',
    });
  });

  it('is Free with the points a subscription left behind once it ended', () =>
    given(...subscriptionPaid(), subscriptionEnded()).thenPlan({ kind: 'free_with_points', label: 'Free with 1000 points', subscribed: false }));

  it('writes dates in UTC, the same day for every reader', () => {
    expect(planDate(periodEnd)).toBe('December 23, 2026');
    expect(planDate(Date.UTC(2027, 0, 1, 23, 59) / 1000)).toBe('January 1, 2027');
  });
});
