import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { ConflictError, PaymentRequiredError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { COUPON_ALREADY_REDEEMED_MESSAGE } from './constants.ts';
import { accountDecider } from './decide.ts';
import type { AccountEvent } from './events.ts';
import {
  accountHandedOver,
  accountId,
  activateSubscription,
  customerId,
  periodEnd,
  subscriptionActivated,
  subscriptionId,
  subscriptionPointsGranted,
  subscriptionStarted,
  aiRequestCharged,
  aiRequestRefunded,
  chargeAiRequest,
  couponRedeemed,
  endSubscription,
  freePlaysSpent,
  handedOverPointsCoupon,
  handedOverUnlimitedCoupon,
  handOverToUser,
  noteLike,
  pointsCoupon,
  pointsGranted,
  redeemCoupon,
  subscriptionEnded,
  subscriptionPaid,
  takeOverVisitorAccount,
  unlimitedCoupon,
  unlimitedCouponRedeemed,
  visitorAccountTakenOver,
  visitorId,
} from './fixtures.ts';

const given = deciderSpec(accountDecider);

/** Two free plays spent, a 50-point coupon and the unlimited coupon redeemed: a visitor about to sign in. */
const busyVisitor = (): AccountEvent[] => [
  aiRequestCharged({ accountId: visitorId, requestId: 'free-1', freePlaysLeft: 2, usageCount: 1 }),
  aiRequestCharged({ accountId: visitorId, requestId: 'free-2', freePlaysLeft: 1, usageCount: 2 }),
  couponRedeemed({ accountId: visitorId }),
  unlimitedCouponRedeemed('free_unlimited', 50),
];

describe("HandOverToUser (the visitor's side of a sign-in)", () => {
  it('hands over the points, the free plays used, the unlimited access and the coupons, and keeps nothing to spend', () =>
    given(busyVisitor())
      .when(handOverToUser())
      .then([
        accountHandedOver({
          points: 50,
          freePlaysUsed: 2,
          unlimited: true,
          redeemedCoupons: [handedOverPointsCoupon, handedOverUnlimitedCoupon],
          subscriptionStatus: 'none',
        }),
      ]));

  it('counts a refunded free play as not used', () =>
    given([aiRequestCharged(), aiRequestRefunded(), pointsGranted(5)])
      .when(handOverToUser())
      .then([accountHandedOver({ points: 5 })]));

  it('hands over all three free plays used, never more', () =>
    given(freePlaysSpent())
      .when(handOverToUser())
      .then([accountHandedOver({ freePlaysUsed: 3 })]));

  it('records even an account with nothing on it: which user the visitor became', () => given([]).when(handOverToUser()).then([accountHandedOver()]));

  it('hands over nothing again once handed over: a second sign-in moves nothing twice', () =>
    given([...busyVisitor(), accountHandedOver({ points: 50, freePlaysUsed: 2, unlimited: true })])
      .when(handOverToUser())
      .thenNothingHappened());

  it('hands over nothing to another user once handed over', () =>
    given([couponRedeemed(), accountHandedOver({ points: 50, redeemedCoupons: [handedOverPointsCoupon] })])
      .when(handOverToUser('user-eve'))
      .thenNothingHappened());

  it('leaves a subscription Stripe named no customer for with the visitor, and moves the points', () =>
    given(subscriptionPaid())
      .when(handOverToUser())
      .then([accountHandedOver({ points: 1000, subscriptionStatus: 'active' })]));

  it("refuses to hand over a user's account", () => given([]).when(handOverToUser(accountId, 'user-bob')).thenThrows(ValidationError));

  it('refuses to hand over to anyone but a user', () => given([]).when(handOverToUser('visitor-eve')).thenThrows(ValidationError));

  it('leaves the visitor nothing to pay an AI request with', () =>
    given([couponRedeemed(), accountHandedOver({ points: 50, redeemedCoupons: [handedOverPointsCoupon] })])
      .when(chargeAiRequest({}, visitorId))
      .thenThrows(PaymentRequiredError));
});

describe("TakeOverVisitorAccount (the user's side of a sign-in)", () => {
  it("adds the visitor's points, counts the free plays used, gives the unlimited access and records the coupons", () =>
    given([])
      .when(
        takeOverVisitorAccount({
          points: 50,
          freePlaysUsed: 2,
          unlimited: true,
          redeemedCoupons: [handedOverPointsCoupon, handedOverUnlimitedCoupon],
        }),
      )
      .then([
        visitorAccountTakenOver({
          points: 50,
          freePlaysUsed: 2,
          unlimited: true,
          redeemedCoupons: [handedOverPointsCoupon, handedOverUnlimitedCoupon],
          pointsBalance: 50,
          freePlaysLeft: 1,
          subscriptionStatus: 'free_unlimited',
        }),
      ]));

  it('gives a user who had points the sum', () =>
    given([pointsGranted(10)])
      .when(takeOverVisitorAccount({ points: 50 }))
      .then([visitorAccountTakenOver({ points: 50, pointsBalance: 60 })]));

  it('adds the free plays used, leaving never fewer than none', () =>
    given([aiRequestCharged({ requestId: 'a', freePlaysLeft: 2 }), aiRequestCharged({ requestId: 'b', freePlaysLeft: 1, usageCount: 2 })])
      .when(takeOverVisitorAccount({ freePlaysUsed: 2 }))
      .then([visitorAccountTakenOver({ freePlaysUsed: 2, freePlaysLeft: 0 })]));

  it('leaves all three free plays when the visitor used none, never more', () =>
    given([])
      .when(takeOverVisitorAccount({ points: 1 }))
      .then([visitorAccountTakenOver({ points: 1, pointsBalance: 1, freePlaysLeft: 3 })]));

  it('counts at most all the free plays, whatever a caller built', () =>
    given([])
      .when(takeOverVisitorAccount({ freePlaysUsed: 5 }))
      .then([visitorAccountTakenOver({ freePlaysUsed: 3, freePlaysLeft: 0 })]));

  it('does not give the points of a coupon the user had already redeemed a second time', () =>
    given([couponRedeemed()])
      .when(takeOverVisitorAccount({ points: 50, redeemedCoupons: [handedOverPointsCoupon] }))
      .then([visitorAccountTakenOver({ points: 0, pointsWithheld: 50, redeemedCoupons: [], pointsBalance: 50 })]));

  it("withholds such a coupon's points only as far as the visitor's points reach, and adds the rest", () => {
    const bonus = { code: 'BONUS20', kind: 'points', points: 20 } as const;
    given([couponRedeemed()])
      .when(takeOverVisitorAccount({ points: 30, redeemedCoupons: [handedOverPointsCoupon] }))
      .then([visitorAccountTakenOver({ points: 0, pointsWithheld: 30, pointsBalance: 50 })]);
    given([couponRedeemed()])
      .when(takeOverVisitorAccount({ points: 70, redeemedCoupons: [handedOverPointsCoupon, bonus] }))
      .then([visitorAccountTakenOver({ points: 20, pointsWithheld: 50, redeemedCoupons: [bonus], pointsBalance: 70 })]);
  });

  it("keeps the union of the redeemed coupons: a visitor's coupon cannot be redeemed again by the user", () =>
    given([visitorAccountTakenOver({ points: 50, redeemedCoupons: [handedOverPointsCoupon], pointsBalance: 50 })])
      .when(redeemCoupon('POINTS50', pointsCoupon()))
      .thenThrows(ConflictError, COUPON_ALREADY_REDEEMED_MESSAGE));

  it('counts a coupon the visitor lists twice once', () =>
    given([])
      .when(takeOverVisitorAccount({ points: 50, redeemedCoupons: [handedOverPointsCoupon, { ...handedOverPointsCoupon, code: 'points50' }] }))
      .then([visitorAccountTakenOver({ points: 50, redeemedCoupons: [handedOverPointsCoupon], pointsBalance: 50 })]));

  it('takes over a visitor account once: a retry moves nothing twice', () =>
    given([visitorAccountTakenOver({ points: 50, pointsBalance: 50 })])
      .when(takeOverVisitorAccount({ points: 50 }))
      .thenNothingHappened());

  it("takes over another visitor account (another browser's) as well", () =>
    given([visitorAccountTakenOver({ points: 50, pointsBalance: 50 })])
      .when(takeOverVisitorAccount({ visitorAccountId: 'visitor-cy', points: 5 }))
      .then([visitorAccountTakenOver({ visitorAccountId: 'visitor-cy', points: 5, pointsBalance: 55 })]));

  it('keeps a running paid subscription active, and the unlimited access outlives it', () => {
    given(subscriptionPaid())
      .when(takeOverVisitorAccount({ unlimited: true }))
      .then([visitorAccountTakenOver({ unlimited: true, pointsBalance: 1000, subscriptionStatus: 'active' })]);
    given([...subscriptionPaid(), visitorAccountTakenOver({ unlimited: true, pointsBalance: 1000, subscriptionStatus: 'active' })])
      .when(endSubscription())
      .then([subscriptionEnded({ status: 'free_unlimited' })]);
  });

  it('gives a user with unlimited access nothing more than that for a second unlimited coupon', () =>
    given([unlimitedCouponRedeemed()])
      .when(takeOverVisitorAccount({ unlimited: true, redeemedCoupons: [handedOverUnlimitedCoupon] }))
      .then([visitorAccountTakenOver({ unlimited: true, subscriptionStatus: 'free_unlimited' })]));

  it("refuses a visitor's account taking over", () => given([]).when(takeOverVisitorAccount({}, 'visitor-eve')).thenThrows(ValidationError));

  it("refuses to take over a user's account", () =>
    given([])
      .when(takeOverVisitorAccount({ visitorAccountId: 'user-eve' }))
      .thenThrows(ValidationError));

  it('refuses negative amounts, whatever a caller built', () => {
    given([])
      .when(takeOverVisitorAccount({ points: -5 }))
      .thenThrows(ValidationError);
    given([])
      .when(takeOverVisitorAccount({ freePlaysUsed: -1 }))
      .thenThrows(ValidationError);
  });
});

describe('a sign-in, both sides', () => {
  it("gives the user exactly what the visitor's account held, and the states agree with the balances the events carry", () => {
    const visitor = fold(accountDecider, busyVisitor());
    const [handedOver] = accountDecider.decide(handOverToUser(), visitor);
    if (handedOver?.type !== 'AccountHandedOver') throw new Error('nothing handed over');
    const after = accountDecider.evolve(visitor, handedOver);
    expect(after).toMatchObject({ points: 0, freePlaysLeft: 0, unlimitedByCoupon: false, subscription: { status: 'none' } });
    expect(after.handedOver).toEqual({
      userAccountId: accountId,
      points: 50,
      freePlaysUsed: 2,
      unlimited: true,
      redeemedCoupons: [handedOverPointsCoupon, handedOverUnlimitedCoupon],
    });

    const user = fold(accountDecider, [pointsGranted(7)]);
    const { userAccountId: _, subscription, ...moved } = after.handedOver!;
    const taken = accountDecider.decide(
      takeOverVisitorAccount({ ...moved, redeemedCoupons: [...moved.redeemedCoupons], subscription: subscription ?? null }),
      user,
    );
    const merged = taken.reduce(accountDecider.evolve, user);
    expect(merged).toMatchObject({ points: 57, freePlaysLeft: 1, unlimitedByCoupon: true, subscription: { status: 'free_unlimited' } });
    expect(merged.redeemedCoupons).toEqual(['POINTS50', 'VIRAL']);
    expect(merged.takenOverVisitors).toEqual(new Set([visitorId]));
    expect(taken[0]?.data).toMatchObject({ pointsBalance: merged.points, freePlaysLeft: merged.freePlaysLeft });
    expect(() => accountDecider.decide(redeemCoupon('viral', unlimitedCoupon()), merged)).toThrow(COUPON_ALREADY_REDEEMED_MESSAGE);
  });
});

describe("a visitor's subscription at sign-in", () => {
  /** A visitor who subscribed by email and paid. */
  const subscribedVisitor = (): AccountEvent[] => [
    subscriptionStarted({ accountId: visitorId }),
    subscriptionActivated({ accountId: visitorId }),
    subscriptionPointsGranted(),
  ];
  const moved = {
    subscriptionId,
    customerId,
    status: 'active' as const,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    stripeEventIds: ['evt_paid_1'],
  };

  it('moves with the visitor to a user who holds none, and leaves the visitor without one', () => {
    const events = accountDecider.decide(handOverToUser(), fold(accountDecider, subscribedVisitor()));
    expect(events).toEqual([accountHandedOver({ points: 1000, subscription: moved, subscriptionStatus: 'none' })]);
    const visitor = fold(accountDecider, [...subscribedVisitor(), ...events]);
    expect(visitor.subscription).toEqual({ status: 'none', cancelAtPeriodEnd: false });
    expect(visitor.movedSubscriptions).toEqual(new Map([[subscriptionId, accountId]]));
  });

  it('stays with the visitor when the user holds one already: nothing is cancelled, nothing is replaced', () =>
    given(subscribedVisitor())
      .when(handOverToUser(accountId, visitorId, true))
      .then([accountHandedOver({ points: 1000, subscriptionStatus: 'active' })]));

  it("becomes the user's, with the Stripe events already acted on: a redelivered one grants nothing again", () => {
    const user = fold(accountDecider, accountDecider.decide(takeOverVisitorAccount({ points: 1000, subscription: moved }), fold(accountDecider, [])));
    expect(user.subscription).toEqual({ status: 'active', subscriptionId, customerId, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false });
    expect(accountDecider.decide(activateSubscription(), user)).toEqual([]);
  });

  it('is not taken by a user who holds one by the time the take-over is decided', () =>
    given([subscriptionStarted({ subscriptionId: 'sub_own' })])
      .when(takeOverVisitorAccount({ subscription: moved }))
      .then([visitorAccountTakenOver({ subscriptionStatus: 'incomplete' })]));
});

describe("NoteLike (a visitor's likes, to become the user's at sign-in)", () => {
  const noted = { type: 'IdeaLikeNoted' as const, data: { accountId: visitorId, ideaId: 'idea-1', notedAt: '2026-11-23T10:00:00.000Z' } };

  it('notes each idea a visitor liked, once', () => {
    given([]).when(noteLike()).then([noted]);
    given([noted]).when(noteLike()).thenNothingHappened();
  });

  it("notes nothing for a user's account, nor once the visitor has signed in", () => {
    given([]).when(noteLike('idea-1', accountId)).thenThrows(ValidationError);
    given([accountHandedOver()]).when(noteLike()).thenNothingHappened();
  });
});
