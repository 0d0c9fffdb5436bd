import { describe, it } from 'vitest';
import { ConflictError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { COUPON_ALREADY_REDEEMED_MESSAGE, COUPON_USED_UP_MESSAGE, EMPTY_COUPON_MESSAGE, INVALID_COUPON_MESSAGE } from './constants.ts';
import { accountDecider } from './decide.ts';
import {
  couponRedeemed,
  pointsCoupon,
  pointsGranted,
  redeemCoupon,
  subscriptionPaid,
  subscriptionStarted,
  unlimitedCoupon,
  unlimitedCouponRedeemed,
} from './fixtures.ts';

const given = deciderSpec(accountDecider);

describe('RedeemCoupon', () => {
  it('adds the points of a points coupon', () => given([]).when(redeemCoupon('POINTS50', pointsCoupon())).then([couponRedeemed()]));

  it('adds them to the points already there', () =>
    given([pointsGranted(5)])
      .when(redeemCoupon('POINTS50', pointsCoupon()))
      .then([couponRedeemed({ pointsBalance: 55 })]));

  it('gives unlimited access with a free_unlimited coupon', () =>
    given([]).when(redeemCoupon('VIRAL', unlimitedCoupon())).then([unlimitedCouponRedeemed()]));

  it('gives unlimited access over an unpaid subscription attempt', () =>
    given([subscriptionStarted()]).when(redeemCoupon('VIRAL', unlimitedCoupon())).then([unlimitedCouponRedeemed()]));

  it('keeps a running paid subscription active, so that it can still be cancelled', () =>
    given(subscriptionPaid())
      .when(redeemCoupon('VIRAL', unlimitedCoupon()))
      .then([unlimitedCouponRedeemed('active', 1000)]));

  it('compares codes case-insensitively after trimming, and records the normalized code', () =>
    given([])
      .when(redeemCoupon('  points50 ', pointsCoupon({ code: 'Points50' })))
      .then([couponRedeemed()]));

  it('may redeem a limited coupon while places are left', () =>
    given([])
      .when(redeemCoupon('POINTS50', pointsCoupon({ maxRedemptions: 2, redemptionsSoFar: 1 })))
      .then([couponRedeemed()]));

  it.each(['', '   '])('refuses the empty code %j with the spec message', (code) =>
    given([]).when(redeemCoupon(code, null)).thenThrows(ValidationError, EMPTY_COUPON_MESSAGE),
  );

  it('refuses an unknown code', () => given([]).when(redeemCoupon('NOPE', null)).thenThrows(ValidationError, INVALID_COUPON_MESSAGE));

  it('refuses a coupon found under another code', () =>
    given([]).when(redeemCoupon('NOPE', pointsCoupon())).thenThrows(ValidationError, INVALID_COUPON_MESSAGE));

  it('refuses a points coupon that carries no points', () =>
    given([])
      .when(redeemCoupon('POINTS50', pointsCoupon({ points: undefined })))
      .thenThrows(ValidationError, INVALID_COUPON_MESSAGE));

  it('refuses a used-up coupon', () =>
    given([])
      .when(redeemCoupon('POINTS50', pointsCoupon({ maxRedemptions: 1, redemptionsSoFar: 1 })))
      .thenThrows(ValidationError, COUPON_USED_UP_MESSAGE));

  it('refuses a second redemption by the same account, whatever the case', () =>
    given([couponRedeemed()]).when(redeemCoupon('points50', pointsCoupon())).thenThrows(ConflictError, COUPON_ALREADY_REDEEMED_MESSAGE));

  it('says "already redeemed" rather than "used up" when the last place was this account\'s', () =>
    given([couponRedeemed()])
      .when(redeemCoupon('POINTS50', pointsCoupon({ maxRedemptions: 1, redemptionsSoFar: 1 })))
      .thenThrows(ConflictError, COUPON_ALREADY_REDEEMED_MESSAGE));

  it('lets an account redeem different coupons', () =>
    given([couponRedeemed()])
      .when(redeemCoupon('VIRAL', unlimitedCoupon()))
      .then([unlimitedCouponRedeemed('free_unlimited', 50)]));
});
