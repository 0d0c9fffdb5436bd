import type { CommandMetadata } from '../decider.ts';
import type {
  AccountCommand,
  ActivateSubscription,
  ChargeAiRequest,
  ConsumePoint,
  EndSubscription,
  GrantPoints,
  HandOverToUser,
  NoteLike,
  RecordSignIn,
  RedeemCoupon,
  RefundAiRequest,
  ScheduleCancellation,
  RequestSubscription,
  StartSubscription,
  TakeOverVisitorAccount,
  UseFreePlay,
} from './commands.ts';
import type { CouponLookup } from './coupon-code.ts';
import type { CouponIssued, CouponRedemptionRecorded, IssueCoupon, RecordCouponRedemption } from './coupon.ts';
import type {
  AccountHandedOver,
  AiRequestCharged,
  AiRequestRefunded,
  CancellationScheduled,
  CouponRedeemed,
  PointsGranted,
  SignedIn,
  SubscriptionActivated,
  SubscriptionEnded,
  SubscriptionRequested,
  SubscriptionStarted,
  VisitorAccountTakenOver,
} from './events.ts';

/**
 * Fixed test data for the account and coupon deciders (tests only; not exported from the package): one user's
 * account, a fixed clock, and one Stripe subscription. Event factories take the balances after the event, as
 * the decider computes them, with the values of a fresh account as defaults.
 */
export const accountId = 'user-ann';
export const visitorId = 'visitor-bob';
export const now = '2026-11-23T10:00:00.000Z';
export const operator = 'operator-cli';
export const subscriptionId = 'sub_1';
export const customerId = 'cus_1';
/** 2026-12-23T10:00:00Z in Unix seconds. */
export const periodEnd = 1798020000;

export const metadata = (actorId = accountId): CommandMetadata => ({ commandId: 'cmd-1', now, actorId });

const command = <C extends AccountCommand>(type: C['type'], data: Omit<C['data'], 'accountId'>, account = accountId): C =>
  ({ type, data: { accountId: account, ...data }, metadata: metadata(account) }) as C;

export const chargeAiRequest = (data: Partial<ChargeAiRequest['data']> = {}, account = accountId) =>
  command<ChargeAiRequest>('ChargeAiRequest', { requestId: 'req-1', ...data }, account);
export const consumePoint = (requestId = 'req-1') => command<ConsumePoint>('ConsumePoint', { requestId });
export const useFreePlay = (requestId = 'req-1') => command<UseFreePlay>('UseFreePlay', { requestId });
export const refundAiRequest = (requestId = 'req-1', reason = 'model_error') => command<RefundAiRequest>('RefundAiRequest', { requestId, reason });
export const grantPoints = (points: number, reason = 'goodwill') => command<GrantPoints>('GrantPoints', { points, reason });

export const pointsCoupon = (overrides: Partial<CouponLookup> = {}): CouponLookup => ({ code: 'POINTS50', kind: 'points', points: 50, ...overrides });
export const unlimitedCoupon = (overrides: Partial<CouponLookup> = {}): CouponLookup => ({ code: 'VIRAL', kind: 'free_unlimited', ...overrides });
export const redeemCoupon = (code: string, coupon: CouponLookup | null) => command<RedeemCoupon>('RedeemCoupon', { code, coupon });

export const requestSubscription = (data: Partial<RequestSubscription['data']> = {}) =>
  command<RequestSubscription>('RequestSubscription', { email: 'ann@example.com', ...data });
export const startSubscription = (data: Partial<StartSubscription['data']> = {}) =>
  command<StartSubscription>('StartSubscription', { subscriptionId, customerId, email: 'ann@example.com', ...data });
export const activateSubscription = (data: Partial<ActivateSubscription['data']> = {}) =>
  command<ActivateSubscription>('ActivateSubscription', { subscriptionId, currentPeriodEnd: periodEnd, stripeEventId: 'evt_paid_1', ...data });
export const scheduleCancellation = (data: Partial<ScheduleCancellation['data']> = {}) =>
  command<ScheduleCancellation>('ScheduleCancellation', { subscriptionId, cancelAt: periodEnd, stripeEventId: 'evt_updated_1', ...data });
export const endSubscription = (data: Partial<EndSubscription['data']> = {}) =>
  command<EndSubscription>('EndSubscription', { subscriptionId, stripeEventId: 'evt_deleted_1', ...data });
export const recordSignIn = (data: Partial<RecordSignIn['data']> = {}, account = accountId) =>
  command<RecordSignIn>('RecordSignIn', { email: 'ann@example.com', displayName: 'Ann', ...data }, account);

export const aiRequestCharged = (data: Partial<AiRequestCharged['data']> = {}): AiRequestCharged => ({
  type: 'AiRequestCharged',
  data: { accountId, requestId: 'req-1', method: 'free_play', pointsBalance: 0, freePlaysLeft: 2, usageCount: 1, chargedAt: now, ...data },
});
/** The three free plays of a fresh account, spent. */
export const freePlaysSpent = (): AiRequestCharged[] =>
  [2, 1, 0].map((freePlaysLeft, index) => aiRequestCharged({ requestId: `free-${index + 1}`, freePlaysLeft, usageCount: index + 1 }));
export const aiRequestRefunded = (data: Partial<AiRequestRefunded['data']> = {}): AiRequestRefunded => ({
  type: 'AiRequestRefunded',
  data: {
    accountId,
    requestId: 'req-1',
    method: 'free_play',
    reason: 'model_error',
    pointsBalance: 0,
    freePlaysLeft: 3,
    usageCount: 0,
    refundedAt: now,
    ...data,
  },
});
export const pointsGranted = (points: number, pointsBalance = points, reason = 'goodwill'): PointsGranted => ({
  type: 'PointsGranted',
  data: { accountId, points, reason, pointsBalance, grantedAt: now },
});
export const couponRedeemed = (data: Partial<CouponRedeemed['data']> = {}): CouponRedeemed => ({
  type: 'CouponRedeemed',
  data: { accountId, code: 'POINTS50', kind: 'points', points: 50, pointsBalance: 50, subscriptionStatus: 'none', redeemedAt: now, ...data },
});
export const unlimitedCouponRedeemed = (subscriptionStatus: CouponRedeemed['data']['subscriptionStatus'] = 'free_unlimited', pointsBalance = 0) =>
  couponRedeemed({ code: 'VIRAL', kind: 'free_unlimited', points: 0, pointsBalance, subscriptionStatus });
export const subscriptionRequested = (data: Partial<SubscriptionRequested['data']> = {}): SubscriptionRequested => ({
  type: 'SubscriptionRequested',
  data: { accountId, attempt: 1, email: 'ann@example.com', requestedAt: now, ...data },
});
export const subscriptionStarted = (data: Partial<SubscriptionStarted['data']> = {}): SubscriptionStarted => ({
  type: 'SubscriptionStarted',
  data: { accountId, subscriptionId, customerId, email: 'ann@example.com', startedAt: now, ...data },
});
export const subscriptionActivated = (data: Partial<SubscriptionActivated['data']> = {}): SubscriptionActivated => ({
  type: 'SubscriptionActivated',
  data: { accountId, subscriptionId, currentPeriodEnd: periodEnd, stripeEventId: 'evt_paid_1', renewal: false, activatedAt: now, ...data },
});
export const subscriptionPointsGranted = (pointsBalance = 1000) => pointsGranted(1000, pointsBalance, 'subscription');
/** What a paid first invoice appends. */
export const subscriptionPaid = (): [SubscriptionActivated, PointsGranted] => [subscriptionActivated(), subscriptionPointsGranted()];
export const cancellationScheduled = (data: Partial<CancellationScheduled['data']> = {}): CancellationScheduled => ({
  type: 'CancellationScheduled',
  data: { accountId, subscriptionId, cancelAt: periodEnd, stripeEventId: 'evt_updated_1', scheduledAt: now, ...data },
});
export const subscriptionEnded = (data: Partial<SubscriptionEnded['data']> = {}): SubscriptionEnded => ({
  type: 'SubscriptionEnded',
  data: { accountId, subscriptionId, stripeEventId: 'evt_deleted_1', previousStatus: 'active', status: 'none', endedAt: now, ...data },
});
export const signedIn = (data: Partial<SignedIn['data']> = {}): SignedIn => ({
  type: 'SignedIn',
  data: { accountId, email: 'ann@example.com', displayName: 'Ann', profileImageUrl: null, signedInAt: now, ...data },
});

export const issueCoupon = (data: Partial<IssueCoupon['data']> = {}): IssueCoupon => ({
  type: 'IssueCoupon',
  data: { code: 'POINTS50', kind: 'points', points: 50, ...data },
  metadata: metadata(operator),
});
export const recordCouponRedemption = (account = accountId, code = 'POINTS50'): RecordCouponRedemption => ({
  type: 'RecordCouponRedemption',
  data: { code, accountId: account },
  metadata: metadata(account),
});
export const couponIssued = (data: Partial<CouponIssued['data']> = {}): CouponIssued => ({
  type: 'CouponIssued',
  data: { code: 'POINTS50', kind: 'points', points: 50, maxRedemptions: null, issuedBy: operator, issuedAt: now, ...data },
});
export const couponRedemptionRecorded = (account = accountId, redemptions = 1): CouponRedemptionRecorded => ({
  type: 'CouponRedemptionRecorded',
  data: { code: 'POINTS50', accountId: account, redemptions, recordedAt: now },
});

/** A visitor's sign-in: the visitor (`visitorId`) hands over to the user (`accountId`). */
export const noteLike = (ideaId = 'idea-1', account = visitorId) => command<NoteLike>('NoteLike', { ideaId }, account);
export const handOverToUser = (userAccountId = accountId, account = visitorId, userHoldsSubscription = false) =>
  command<HandOverToUser>('HandOverToUser', { userAccountId, userHoldsSubscription }, account);
export const takeOverVisitorAccount = (data: Partial<TakeOverVisitorAccount['data']> = {}, account = accountId) =>
  command<TakeOverVisitorAccount>(
    'TakeOverVisitorAccount',
    { visitorAccountId: visitorId, points: 0, freePlaysUsed: 0, unlimited: false, redeemedCoupons: [], subscription: null, ...data },
    account,
  );
export const accountHandedOver = (data: Partial<AccountHandedOver['data']> = {}): AccountHandedOver => ({
  type: 'AccountHandedOver',
  data: {
    accountId: visitorId,
    userAccountId: accountId,
    points: 0,
    freePlaysUsed: 0,
    unlimited: false,
    redeemedCoupons: [],
    pointsBalance: 0,
    freePlaysLeft: 0,
    subscriptionStatus: 'none',
    handedOverAt: now,
    ...data,
  },
});
export const visitorAccountTakenOver = (data: Partial<VisitorAccountTakenOver['data']> = {}): VisitorAccountTakenOver => ({
  type: 'VisitorAccountTakenOver',
  data: {
    accountId,
    visitorAccountId: visitorId,
    points: 0,
    pointsWithheld: 0,
    freePlaysUsed: 0,
    unlimited: false,
    redeemedCoupons: [],
    pointsBalance: 0,
    freePlaysLeft: 3,
    subscriptionStatus: 'none',
    takenOverAt: now,
    ...data,
  },
});
/** How the coupon fixtures appear in a hand-over. */
export const handedOverPointsCoupon = { code: 'POINTS50', kind: 'points', points: 50 } as const;
export const handedOverUnlimitedCoupon = { code: 'VIRAL', kind: 'free_unlimited', points: 0 } as const;
