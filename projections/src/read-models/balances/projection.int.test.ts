import { accountDecider, accountStreamId, type AccountCommand, type AccountEvent, type AccountState } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { balancesProjection, type BalanceDocument } from './projection.ts';

let harness: Awaited<ReturnType<typeof projectionHarness>>;
beforeEach(async () => {
  harness = await projectionHarness(balancesProjection);
});
afterEach(() => harness.close());

/** Events as the real decider produces them for these commands, one after another on the account's state. */
const decided = (accountId: string, commands: { type: AccountCommand['type']; data: object }[]): AccountEvent[] => {
  let state: AccountState = accountDecider.initialState();
  const events: AccountEvent[] = [];
  commands.forEach(({ type, data }, index) => {
    const command = {
      type,
      data: { accountId, ...data },
      metadata: { commandId: `c-${index}`, actorId: accountId, now: `2026-11-23T10:00:0${index}.000Z` },
    } as AccountCommand;
    const produced = accountDecider.decide(command, state);
    state = produced.reduce(accountDecider.evolve, state);
    events.push(...produced);
  });
  return events;
};

const balanceOf = async (accountId: string) => (await harness.find<BalanceDocument>({ _id: accountId }))[0];

describe('balances read model', () => {
  it('follows charges, refunds, coupons and grants with the balances each event carries', async () => {
    await harness.append(
      accountStreamId('visitor-ann'),
      decided('visitor-ann', [
        { type: 'ChargeAiRequest', data: { requestId: 'r1' } },
        { type: 'ChargeAiRequest', data: { requestId: 'r2' } },
        { type: 'RefundAiRequest', data: { requestId: 'r2', reason: 'model_error' } },
        { type: 'RedeemCoupon', data: { code: 'more50', coupon: { code: 'MORE50', kind: 'points', points: 50 } } },
        { type: 'ChargeAiRequest', data: { requestId: 'r3' } },
      ]),
    );
    expect(await balanceOf('visitor-ann')).toMatchObject({
      points: 49,
      freePlaysLeft: 2,
      usageCount: 2,
      subscriptionStatus: 'none',
      redeemedCoupons: ['MORE50'],
      email: null,
      updatedAt: '2026-11-23T10:00:04.000Z',
      _topics: ['balance:visitor-ann'],
    });
  });

  it('follows a subscription from start to a scheduled cancellation and its end, and the profile of a sign-in', async () => {
    const accountId = 'user-u1';
    const events = decided(accountId, [
      { type: 'RecordSignIn', data: { email: 'ann@example.com', displayName: 'Ann', profileImageUrl: 'https://example.com/ann.png' } },
      { type: 'StartSubscription', data: { subscriptionId: 'sub_1', customerId: 'cus_1', email: 'ann@example.com' } },
      { type: 'ActivateSubscription', data: { subscriptionId: 'sub_1', currentPeriodEnd: 1_800_000_000, stripeEventId: 'evt_1' } },
    ]);
    await harness.append(accountStreamId(accountId), events);
    expect(await balanceOf(accountId)).toMatchObject({
      points: 1000,
      subscriptionStatus: 'active',
      subscriptionId: 'sub_1',
      currentPeriodEnd: 1_800_000_000,
      cancelAtPeriodEnd: false,
      email: 'ann@example.com',
      displayName: 'Ann',
      profileImageUrl: 'https://example.com/ann.png',
    });

    const later = decided(accountId, [
      { type: 'RecordSignIn', data: { email: 'ann@example.com', displayName: 'Ann', profileImageUrl: 'https://example.com/ann.png' } },
      { type: 'StartSubscription', data: { subscriptionId: 'sub_1', customerId: 'cus_1', email: 'ann@example.com' } },
      { type: 'ActivateSubscription', data: { subscriptionId: 'sub_1', currentPeriodEnd: 1_800_000_000, stripeEventId: 'evt_1' } },
      { type: 'ScheduleCancellation', data: { subscriptionId: 'sub_1', cancelAt: 1_800_000_000, stripeEventId: 'evt_2' } },
    ]).slice(events.length);
    await harness.append(accountStreamId(accountId), later);
    expect(await balanceOf(accountId)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: 1_800_000_000 });

    const ended = decided(accountId, [
      { type: 'StartSubscription', data: { subscriptionId: 'sub_1', customerId: 'cus_1', email: 'ann@example.com' } },
      { type: 'EndSubscription', data: { subscriptionId: 'sub_1', stripeEventId: 'evt_3' } },
    ]).slice(1);
    await harness.append(accountStreamId(accountId), ended);
    expect(await balanceOf(accountId)).toMatchObject({ subscriptionStatus: 'none', subscriptionId: null, cancelAtPeriodEnd: false, points: 1000 });
  });

  it("moves a visitor's balance to the user on sign-in: the visitor is left with nothing, the user has both", async () => {
    const visitorEvents = decided('visitor-cy', [
      { type: 'ChargeAiRequest', data: { requestId: 'r1' } },
      { type: 'ChargeAiRequest', data: { requestId: 'r2' } },
      { type: 'RedeemCoupon', data: { code: 'MORE50', coupon: { code: 'MORE50', kind: 'points', points: 50 } } },
      { type: 'RedeemCoupon', data: { code: 'OPEN', coupon: { code: 'OPEN', kind: 'free_unlimited' } } },
      { type: 'HandOverToUser', data: { userAccountId: 'user-cy' } },
    ]);
    const handedOver = visitorEvents.at(-1)!;
    expect(handedOver.type).toBe('AccountHandedOver');
    const { points, freePlaysUsed, unlimited, redeemedCoupons } = handedOver.data as {
      points: number;
      freePlaysUsed: number;
      unlimited: boolean;
      redeemedCoupons: object[];
    };
    const userEvents = decided('user-cy', [
      { type: 'GrantPoints', data: { points: 7, reason: 'goodwill' } },
      { type: 'TakeOverVisitorAccount', data: { visitorAccountId: 'visitor-cy', points, freePlaysUsed, unlimited, redeemedCoupons } },
    ]);
    await harness.append(accountStreamId('visitor-cy'), visitorEvents);
    await harness.append(accountStreamId('user-cy'), userEvents);
    expect(await balanceOf('visitor-cy')).toMatchObject({
      points: 0,
      freePlaysLeft: 0,
      subscriptionStatus: 'none',
      redeemedCoupons: ['MORE50', 'OPEN'],
    });
    expect(await balanceOf('user-cy')).toMatchObject({
      points: 57,
      freePlaysLeft: 1,
      subscriptionStatus: 'free_unlimited',
      redeemedCoupons: ['MORE50', 'OPEN'],
      updatedAt: '2026-11-23T10:00:01.000Z',
    });
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });

  it('is idempotent when run twice', async () => {
    await harness.append(
      accountStreamId('visitor-bo'),
      decided('visitor-bo', [
        { type: 'ChargeAiRequest', data: { requestId: 'r1' } },
        { type: 'RedeemCoupon', data: { code: 'VIRALFREE', coupon: { code: 'VIRALFREE', kind: 'free_unlimited' } } },
      ]),
    );
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
    expect(once[0]).toMatchObject({ subscriptionStatus: 'free_unlimited', freePlaysLeft: 2 });
  });
});
