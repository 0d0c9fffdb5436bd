import { describe, expect, it } from 'vitest';
import type { Command, Decider, DomainEvent } from '../decider.ts';
import {
  accountCommandSchemas,
  chargeAiRequestSchema,
  grantPointsSchema,
  recordSignInSchema,
  redeemCouponSchema,
  startSubscriptionSchema,
  takeOverVisitorAccountSchema,
} from './commands.ts';
import { POINTS_PER_SUBSCRIPTION, SUBSCRIPTION_PRICE_USD } from './constants.ts';
import { couponCommandSchemas, couponDecider, couponEventSchemas } from './coupon.ts';
import { accountDecider } from './decide.ts';
import { ACCOUNT_EVENT_TYPES, accountEventSchemas, accountStreamId } from './events.ts';
import {
  activateSubscription,
  chargeAiRequest,
  endSubscription,
  grantPoints,
  handOverToUser,
  issueCoupon,
  noteLike,
  pointsCoupon,
  recordCouponRedemption,
  recordSignIn,
  redeemCoupon,
  refundAiRequest,
  requestSubscription,
  scheduleCancellation,
  startSubscription,
  takeOverVisitorAccount,
  unlimitedCoupon,
  visitorId,
} from './fixtures.ts';

/** Decides each command on the state the earlier ones left, as the command handler does. */
const run = <C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>, commands: C[]): E[] => {
  const events: E[] = [];
  commands.reduce((state, command) => {
    const decided = decider.decide(command, state);
    events.push(...decided);
    return decided.reduce(decider.evolve, state);
  }, decider.initialState());
  return events;
};

describe('account event schemas', () => {
  const events = run(accountDecider, [
    recordSignIn({ profileImageUrl: 'https://example.com/ann.png' }),
    chargeAiRequest(),
    refundAiRequest(),
    grantPoints(5),
    redeemCoupon('points50', pointsCoupon()),
    requestSubscription(),
    startSubscription(),
    activateSubscription(),
    redeemCoupon('VIRAL', unlimitedCoupon()),
    scheduleCancellation(),
    endSubscription(),
    takeOverVisitorAccount({ points: 5, freePlaysUsed: 1, unlimited: true, redeemedCoupons: [{ code: 'MORE5', kind: 'points', points: 5 }] }),
  ]).concat(run(accountDecider, [chargeAiRequest({}, visitorId), redeemCoupon('points50', pointsCoupon()), noteLike(), handOverToUser()]));

  it('the scenario produces every event type', () => expect(new Set(events.map((event) => event.type))).toEqual(new Set(ACCOUNT_EVENT_TYPES)));

  it.each(events.map((event) => [event.type, event] as const))('%s as decided is valid against its schema, unchanged', (type, event) =>
    expect(accountEventSchemas[type].parse(JSON.parse(JSON.stringify(event.data)))).toEqual(event.data),
  );
});

describe('coupon event schemas', () => {
  const events = run(couponDecider, [issueCoupon({ maxRedemptions: 3 }), recordCouponRedemption()]);

  it.each(events.map((event) => [event.type, event] as const))('%s as decided is valid against its schema, unchanged', (type, event) =>
    expect(couponEventSchemas[type].parse(JSON.parse(JSON.stringify(event.data)))).toEqual(event.data),
  );
});

describe('command schemas, as the HTTP layer uses them', () => {
  it('has one schema per command', () => {
    expect(Object.keys(accountCommandSchemas)).toHaveLength(15);
    expect(Object.keys(couponCommandSchemas)).toHaveLength(2);
  });

  it('refuses an unknown field', () =>
    expect(chargeAiRequestSchema.safeParse({ accountId: 'user-ann', requestId: 'r', cost: 0 }).success).toBe(false));

  it.each(['nobody', 'user-', 'admin-1', 'user-a b'])('refuses the account id %j', (accountId) =>
    expect(chargeAiRequestSchema.safeParse({ accountId, requestId: 'r' }).success).toBe(false),
  );

  it.each(['user-ann', 'visitor-3f1d6a52-54a6-4c5e-9c3a-0d2f8b9e7a10'])('takes the account id %j', (accountId) =>
    expect(chargeAiRequestSchema.safeParse({ accountId, requestId: 'r' }).success).toBe(true),
  );

  it('fills a missing coupon code so that the decider answers with the spec message', () =>
    expect(redeemCouponSchema.parse({ accountId: 'user-ann', coupon: null })).toEqual({ accountId: 'user-ann', code: '', coupon: null }));

  it('fills a missing email so that the decider answers with the spec message', () =>
    expect(startSubscriptionSchema.parse({ accountId: 'user-ann', subscriptionId: 's', customerId: 'c' }).email).toBe(''));

  it.each([0, -1, 1.5])('refuses to grant %j points', (points) =>
    expect(grantPointsSchema.safeParse({ accountId: 'user-ann', points, reason: 'x' }).success).toBe(false),
  );

  it('takes over at most all the free plays, and no negative amounts', () => {
    const takeOver = { accountId: 'user-ann', visitorAccountId: 'visitor-bob', points: 5, freePlaysUsed: 3, unlimited: false, redeemedCoupons: [] };
    expect(takeOverVisitorAccountSchema.safeParse(takeOver).success).toBe(true);
    expect(takeOverVisitorAccountSchema.safeParse({ ...takeOver, freePlaysUsed: 4 }).success).toBe(false);
    expect(takeOverVisitorAccountSchema.safeParse({ ...takeOver, points: -1 }).success).toBe(false);
    expect(takeOverVisitorAccountSchema.safeParse({ ...takeOver, visitorAccountId: 'nobody' }).success).toBe(false);
  });

  it('takes only web addresses for a profile picture', () => {
    const signIn = { accountId: 'user-ann', email: 'ann@example.com', displayName: 'Ann' };
    expect(recordSignInSchema.safeParse({ ...signIn, profileImageUrl: 'https://example.com/a.png' }).success).toBe(true);
    expect(recordSignInSchema.safeParse({ ...signIn, profileImageUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});

it('names the account stream after the actor id', () => expect(accountStreamId('visitor-bob')).toBe('account-visitor-bob'));

it('keeps the spec numbers', () =>
  expect({ POINTS_PER_SUBSCRIPTION, SUBSCRIPTION_PRICE_USD }).toEqual({ POINTS_PER_SUBSCRIPTION: 1000, SUBSCRIPTION_PRICE_USD: 4 }));
