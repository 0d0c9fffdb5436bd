import { accountStreamId, couponStreamId, IdempotencyKeyReusedError, PaymentRequiredError, type CommandMetadata } from '@vis/domain';
import { WrongExpectedVersionError, type EventStore } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccounts } from './accounts.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

let commands = 0;
const metadata = (actorId: string): CommandMetadata => ({ commandId: `command-${++commands}`, actorId, now: '2026-11-23T10:00:00.000Z' });

/**
 * The same store under another identity: `handleCommand` keeps its per-stream queue and state cache per store
 * object, so this behaves like a second command-api process writing to the same log, guarded only by the
 * expected revision of each append.
 */
const asAnotherProcess = (store: EventStore): EventStore =>
  new Proxy(store, {
    get: (target, key) =>
      typeof target[key as keyof EventStore] === 'function'
        ? (target[key as keyof EventStore] as (...args: unknown[]) => unknown).bind(target)
        : target[key as keyof EventStore],
  });

const chargedEvents = async (accountId: string) =>
  (await stores.eventStore.readStream(accountStreamId(accountId))).filter((event) => event.type === 'AiRequestCharged');

const settle = async <T>(work: Promise<T>[]) => {
  const results = await Promise.allSettled(work);
  return {
    fulfilled: results.filter((result) => result.status === 'fulfilled').length,
    reasons: results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : [])),
  };
};

describe('spending points concurrently', () => {
  it('100 concurrent ConsumePoint commands against a balance of 10 spend exactly 10', async () => {
    const accounts = createAccounts({ eventStore: stores.eventStore });
    await accounts.execute('GrantPoints', 'user-ann', { points: 10, reason: 'test balance' }, metadata('operator'));
    const { fulfilled, reasons } = await settle(
      Array.from({ length: 100 }, (_, i) => accounts.execute('ConsumePoint', 'user-ann', { requestId: `request-${i}` }, metadata('user-ann'))),
    );
    expect(fulfilled).toBe(10);
    expect(reasons).toHaveLength(90);
    expect(reasons.every((reason) => reason instanceof PaymentRequiredError)).toBe(true);
    expect(await chargedEvents('user-ann')).toHaveLength(10);
    expect((await accounts.stateOf('user-ann')).points).toBe(0);
  });

  it('two processes spending the same balance at once never spend a point twice', async () => {
    const here = createAccounts({ eventStore: stores.eventStore });
    const there = createAccounts({ eventStore: asAnotherProcess(stores.eventStore) });
    await here.execute('GrantPoints', 'user-bo', { points: 10, reason: 'test balance' }, metadata('operator'));
    const { fulfilled, reasons } = await settle(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? here : there).execute('ConsumePoint', 'user-bo', { requestId: `request-${i}` }, metadata('user-bo')),
      ),
    );
    // Losers either found no point left or ran out of retries against the other process: never a double spend.
    expect(reasons.every((reason) => reason instanceof PaymentRequiredError || reason instanceof WrongExpectedVersionError)).toBe(true);
    const charged = await chargedEvents('user-bo');
    expect(charged).toHaveLength(fulfilled);
    expect(charged.length).toBeLessThanOrEqual(10);
    expect(charged.map((event) => (event.data as { pointsBalance: number }).pointsBalance)).toEqual(
      Array.from({ length: charged.length }, (_, i) => 9 - i),
    );
    expect((await here.stateOf('user-bo')).points).toBe(10 - charged.length);
  });
});

describe('charging an AI request', () => {
  it('takes the three free plays, then answers 402 with the spec message; a retried request is not charged again', async () => {
    const accounts = createAccounts({ eventStore: stores.eventStore });
    for (const requestId of ['r1', 'r2', 'r3']) {
      const result = await accounts.execute('ChargeAiRequest', 'visitor-cy', { requestId }, metadata('visitor-cy'));
      expect(result.events).toMatchObject([{ type: 'AiRequestCharged', data: { method: 'free_play' } }]);
    }
    expect((await accounts.execute('ChargeAiRequest', 'visitor-cy', { requestId: 'r3' }, metadata('visitor-cy'))).events).toEqual([]);
    const refused = accounts.execute('ChargeAiRequest', 'visitor-cy', { requestId: 'r4' }, metadata('visitor-cy'));
    await expect(refused).rejects.toThrow(PaymentRequiredError);
    await expect(refused).rejects.toMatchObject({
      title: 'Subscription required',
      message: "You've used all your free attempts. Subscribe or use a coupon code to continue.",
    });
    await accounts.execute('RefundAiRequest', 'visitor-cy', { requestId: 'r2', reason: 'model_error' }, metadata('visitor-cy'));
    expect((await accounts.stateOf('visitor-cy')).freePlaysLeft).toBe(1);
  });
});

describe('redeeming a limited coupon concurrently', () => {
  it('20 accounts racing for a coupon with 5 places: exactly 5 get it', async () => {
    const accounts = createAccounts({ eventStore: stores.eventStore });
    await accounts.issueCoupon({ code: 'FIRST5', kind: 'points', points: 7, maxRedemptions: 5 }, metadata('operator'));
    const { fulfilled, reasons } = await settle(
      Array.from({ length: 20 }, (_, i) => accounts.redeemCoupon(`visitor-${i}`, 'first5', metadata(`visitor-${i}`))),
    );
    expect(fulfilled).toBe(5);
    expect(reasons.map((reason) => reason.message)).toEqual(Array(15).fill('This coupon code has already been used up'));
    const redeemed = (await stores.eventStore.readAll()).filter((event) => event.type === 'CouponRedeemed');
    expect(redeemed).toHaveLength(5);
  });
});

describe('a redemption sent again under the same Idempotency-Key', () => {
  const asRequest = (commandId: string, requestDigest: string): CommandMetadata => ({
    commandId,
    requestDigest,
    actorId: 'visitor-ann',
    now: '2026-11-23T10:00:00.000Z',
  });
  const issue = async (accounts: ReturnType<typeof createAccounts>, code: string) =>
    accounts.issueCoupon({ code, kind: 'points', points: 50, maxRedemptions: 5 }, metadata('operator'));
  const redemptionsOf = async (code: string) =>
    (await stores.eventStore.readStream(couponStreamId(code))).filter((event) => event.type === 'CouponRedemptionRecorded');

  it('redeems once when it is the same request', async () => {
    const accounts = createAccounts({ eventStore: stores.eventStore });
    await issue(accounts, 'LAUNCH50');
    await accounts.redeemCoupon('visitor-ann', 'LAUNCH50', asRequest('key-1', 'digest-1'));
    const retry = await accounts.redeemCoupon('visitor-ann', 'LAUNCH50', asRequest('key-1', 'digest-1'));
    expect(retry.repeated).toBe(true);
    expect(await redemptionsOf('LAUNCH50')).toHaveLength(1);
    expect((await accounts.stateOf('visitor-ann')).points).toBe(50);
  });

  it('refuses another code under the same key before that coupon counts a place', async () => {
    const accounts = createAccounts({ eventStore: stores.eventStore });
    await issue(accounts, 'LAUNCH50');
    await issue(accounts, 'SPRING50');
    await accounts.redeemCoupon('visitor-ann', 'LAUNCH50', asRequest('key-1', 'digest-1'));
    await expect(accounts.redeemCoupon('visitor-ann', 'SPRING50', asRequest('key-1', 'digest-2'))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await redemptionsOf('SPRING50')).toHaveLength(0);
    expect((await accounts.stateOf('visitor-ann')).redeemedCoupons).toEqual(['LAUNCH50']);
  });
});
