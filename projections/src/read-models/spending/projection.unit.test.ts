import type { DomainEventOf } from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { foldPure } from '../../testing/fold-pure.ts';
import { spendingProjection } from './projection.ts';

type Event = DomainEventOf<'AiRequestCharged' | 'AiRequestRefunded' | 'PointsGranted' | 'CouponRedeemed'>;
type Method = 'point' | 'free_play' | 'own_key' | 'subscription';

const balances = { pointsBalance: 5, freePlaysLeft: 0, usageCount: 1 };
const charged = (method: Method, chargedAt: string) =>
  ({ type: 'AiRequestCharged', data: { accountId: 'user-1', requestId: `r-${chargedAt}`, method, ...balances, chargedAt } }) as Event;
const refunded = (method: Method, refundedAt: string) =>
  ({ type: 'AiRequestRefunded', data: { accountId: 'user-1', requestId: 'r', method, reason: 'offline: empty', ...balances, refundedAt } }) as Event;
const granted = (points: number, grantedAt: string) =>
  ({ type: 'PointsGranted', data: { accountId: 'user-1', points, reason: 'subscription', pointsBalance: 9, grantedAt } }) as Event;
const redeemed = (code: string, kind: 'points' | 'free_unlimited', points: number, redeemedAt: string) =>
  ({
    type: 'CouponRedeemed',
    data: { accountId: 'user-2', code, kind, points, pointsBalance: points, subscriptionStatus: 'none', redeemedAt },
  }) as Event;

describe('the spending read model', () => {
  it('counts charges and refunds by method, the points they took net, points granted and coupons by code, per UTC hour', () => {
    const docs = foldPure(spendingProjection, [
      charged('point', '2026-11-23T10:00:00.000Z'),
      charged('point', '2026-11-23T10:10:00.000Z'),
      charged('free_play', '2026-11-23T10:20:00.000Z'),
      refunded('point', '2026-11-23T10:20:01.000Z'),
      granted(100, '2026-11-23T10:30:00.000Z'),
      redeemed('WELCOME50', 'points', 50, '2026-11-23T10:40:00.000Z'),
      redeemed('WELCOME50', 'points', 50, '2026-11-23T10:50:00.000Z'),
      redeemed('VIRAL2024', 'free_unlimited', 0, '2026-11-23T10:55:00.000Z'),
      charged('subscription', '2026-11-23T12:00:00.000Z'),
    ]);
    expect(Object.fromEntries(docs)).toEqual({
      '2026-11-23T10': {
        _id: '2026-11-23T10',
        hour: '2026-11-23T10:00:00.000Z',
        charged: { point: 2, free_play: 1 },
        refunded: { point: 1 },
        pointsSpent: 1,
        pointsGranted: 100,
        coupons: {
          WELCOME50: { kind: 'points', redemptions: 2, points: 100 },
          VIRAL2024: { kind: 'free_unlimited', redemptions: 1, points: 0 },
        },
      },
      '2026-11-23T12': {
        _id: '2026-11-23T12',
        hour: '2026-11-23T12:00:00.000Z',
        charged: { subscription: 1 },
        refunded: {},
        pointsSpent: 0,
        pointsGranted: 0,
        coupons: {},
      },
    });
  });

  it('names no account: only the hour, the methods and the operators’ coupon codes', () => {
    const [doc] = foldPure(spendingProjection, [redeemed('WELCOME50', 'points', 50, '2026-11-23T10:40:00.000Z')]).values();
    expect(JSON.stringify(doc)).not.toContain('user-2');
  });
});
