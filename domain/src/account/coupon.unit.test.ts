import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { COUPON_USED_UP_MESSAGE, EMPTY_COUPON_MESSAGE, INVALID_COUPON_MESSAGE, MAX_COUPON_POINTS } from './constants.ts';
import { couponDecider, couponLookupOf, couponStreamId } from './coupon.ts';
import { couponIssued, couponRedemptionRecorded, issueCoupon, operator, recordCouponRedemption } from './fixtures.ts';

const given = deciderSpec(couponDecider);

describe('IssueCoupon', () => {
  it('issues a points coupon, recording who issued it', () =>
    given([])
      .when(issueCoupon())
      .then([couponIssued({ issuedBy: operator })]));

  it('issues the unlimited coupon with a normalized code and no limit', () =>
    given([])
      .when(issueCoupon({ code: ' viral-2026 ', kind: 'free_unlimited', points: undefined }))
      .then([couponIssued({ code: 'VIRAL-2026', kind: 'free_unlimited', points: 0 })]));

  it('issues a coupon with a redemption limit', () =>
    given([])
      .when(issueCoupon({ maxRedemptions: 10 }))
      .then([couponIssued({ maxRedemptions: 10 })]));

  it('refuses to issue the same code twice', () => given([couponIssued()]).when(issueCoupon()).thenThrows(ConflictError));

  it.each(['', '  '])('refuses the empty code %j', (code) => given([]).when(issueCoupon({ code })).thenThrows(ValidationError, EMPTY_COUPON_MESSAGE));

  it.each(['TWO WORDS', 'slash/code', 'X'.repeat(65)])('refuses the code %j, which could not name a stream', (code) =>
    given([]).when(issueCoupon({ code })).thenThrows(ValidationError),
  );

  it.each([undefined, 0, -1, 2.5])('refuses a points coupon with %j points', (points) =>
    given([]).when(issueCoupon({ points })).thenThrows(ValidationError),
  );

  it('issues a coupon worth the most a coupon may give', () =>
    given([])
      .when(issueCoupon({ points: MAX_COUPON_POINTS }))
      .then([couponIssued({ points: MAX_COUPON_POINTS })]));

  it.each([MAX_COUPON_POINTS + 1, Number.MAX_SAFE_INTEGER])('refuses a points coupon worth %j points, naming the maximum', (points) =>
    given([])
      .when(issueCoupon({ points }))
      .thenThrows(ValidationError, `A coupon gives at most ${MAX_COUPON_POINTS.toLocaleString('en-US')} points`),
  );

  it('refuses points on an unlimited coupon', () =>
    given([])
      .when(issueCoupon({ kind: 'free_unlimited', points: 5 }))
      .thenThrows(ValidationError));

  it.each([0, 1.5])('refuses a redemption limit of %j', (maxRedemptions) =>
    given([]).when(issueCoupon({ maxRedemptions })).thenThrows(ValidationError),
  );
});

describe('RecordCouponRedemption', () => {
  it('counts a redemption', () => given([couponIssued()]).when(recordCouponRedemption()).then([couponRedemptionRecorded()]));

  it('counts redemptions by different accounts', () =>
    given([couponIssued(), couponRedemptionRecorded()])
      .when(recordCouponRedemption('visitor-bob'))
      .then([couponRedemptionRecorded('visitor-bob', 2)]));

  it('counts an account once: a retried recording uses up no second place', () =>
    given([couponIssued({ maxRedemptions: 1 }), couponRedemptionRecorded()])
      .when(recordCouponRedemption())
      .thenNothingHappened());

  it('refuses once the limit is reached', () =>
    given([couponIssued({ maxRedemptions: 1 }), couponRedemptionRecorded()])
      .when(recordCouponRedemption('visitor-bob'))
      .thenThrows(ValidationError, COUPON_USED_UP_MESSAGE));

  it('refuses a coupon that was never issued', () => given([]).when(recordCouponRedemption()).thenThrows(ValidationError, INVALID_COUPON_MESSAGE));
});

describe('the coupon as RedeemCoupon takes it', () => {
  it('is null before the coupon is issued', () => expect(couponLookupOf(fold(couponDecider, []))).toBeNull());

  it('counts the redemptions so far against the limit', () =>
    expect(couponLookupOf(fold(couponDecider, [couponIssued({ maxRedemptions: 5 }), couponRedemptionRecorded()]))).toEqual({
      code: 'POINTS50',
      kind: 'points',
      points: 50,
      maxRedemptions: 5,
      redemptionsSoFar: 1,
    }));

  it('leaves out points and limit for the unlimited coupon', () =>
    expect(couponLookupOf(fold(couponDecider, [couponIssued({ code: 'VIRAL', kind: 'free_unlimited', points: 0 })]))).toEqual({
      code: 'VIRAL',
      kind: 'free_unlimited',
      redemptionsSoFar: 0,
    }));
});

it('names the stream by the normalized code', () => expect(couponStreamId(' viral ')).toBe('coupon-VIRAL'));
