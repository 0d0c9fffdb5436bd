import type { CommandMetadata, Decider } from '../decider.ts';
import { ConflictError, IdempotencyKeyReusedError, PaymentRequiredError, ValidationError } from '../errors.ts';
import type {
  AccountCommand,
  ActivateSubscription,
  ChargeAiRequest,
  ConsumePoint,
  EndSubscription,
  GrantPoints,
  HandedOverCoupon,
  HandedOverSubscription,
  HandOverToUser,
  NoteLike,
  RecordSignIn,
  RedeemCoupon,
  RefundAiRequest,
  RequestSubscription,
  ScheduleCancellation,
  StartSubscription,
  TakeOverVisitorAccount,
  UseFreePlay,
} from './commands.ts';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  ALREADY_UNLIMITED_MESSAGE,
  COUPON_ALREADY_REDEEMED_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  EMPTY_COUPON_MESSAGE,
  FREE_ATTEMPTS_USED_MESSAGE,
  FREE_PLAYS,
  INVALID_COUPON_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NO_POINTS_MESSAGE,
  NOT_ENOUGH_POINTS_TITLE,
  POINTS_PER_AI_REQUEST,
  POINTS_PER_SUBSCRIPTION,
  SUBSCRIPTION_REQUIRED_TITLE,
} from './constants.ts';
import { isUsedUp, normalizeCouponCode } from './coupon-code.ts';
import type { AccountEvent, AiRequestCharged, ChargeMethod } from './events.ts';
import { chargeOf, costOf, evolveAccount, holdsSubscription, initialAccountState, type AccountState } from './state.ts';

/** The reason recorded with the points every paid subscription invoice brings. */
export const SUBSCRIPTION_POINTS_REASON = 'subscription';

export const decideAccount = (command: AccountCommand, state: AccountState): AccountEvent[] => {
  switch (command.type) {
    case 'ChargeAiRequest':
      return chargeAiRequest(command, state);
    case 'ConsumePoint':
      return consumePoint(command, state);
    case 'UseFreePlay':
      return useFreePlay(command, state);
    case 'RefundAiRequest':
      return refundAiRequest(command, state);
    case 'GrantPoints':
      return grantPoints(command, state);
    case 'RedeemCoupon':
      return redeemCoupon(command, state);
    case 'RequestSubscription':
      return requestSubscription(command, state);
    case 'StartSubscription':
      return startSubscription(command, state);
    case 'ActivateSubscription':
      return activateSubscription(command, state);
    case 'ScheduleCancellation':
      return scheduleCancellation(command, state);
    case 'EndSubscription':
      return endSubscription(command, state);
    case 'RecordSignIn':
      return recordSignIn(command, state);
    case 'NoteLike':
      return noteLike(command, state);
    case 'HandOverToUser':
      return handOverToUser(command, state);
    case 'TakeOverVisitorAccount':
      return takeOverVisitorAccount(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/** Unlimited access: a paid subscription or an unlimited coupon (spec 02 §1, §3). */
export const isSubscribed = (state: { subscription: Pick<AccountState['subscription'], 'status'> }): boolean =>
  state.subscription.status === 'active' || state.subscription.status === 'free_unlimited';

/**
 * The charging order of DESIGN.md, cheapest for the user first: their own key, then a subscription, then a
 * point, then a free play. Null: nothing left to pay with.
 */
export const chargeMethodFor = (state: AccountState, ownKeyValid: boolean): ChargeMethod | null => {
  if (ownKeyValid) return 'own_key';
  if (isSubscribed(state)) return 'subscription';
  if (state.points >= POINTS_PER_AI_REQUEST) return 'point';
  if (state.freePlaysLeft >= 1) return 'free_play';
  return null;
};

const subscriptionRequired = () => new PaymentRequiredError(FREE_ATTEMPTS_USED_MESSAGE, SUBSCRIPTION_REQUIRED_TITLE);

const charged = (
  { accountId, requestId }: { accountId: string; requestId: string },
  metadata: CommandMetadata,
  state: AccountState,
  method: ChargeMethod,
): AiRequestCharged => {
  const cost = costOf(method);
  return {
    type: 'AiRequestCharged',
    data: {
      accountId,
      requestId,
      method,
      pointsBalance: state.points - cost.points,
      freePlaysLeft: state.freePlaysLeft - cost.freePlays,
      usageCount: state.usageCount + 1,
      chargedAt: metadata.now,
      ...(metadata.requestDigest === undefined ? {} : { requestDigest: metadata.requestDigest }),
    },
  };
};

/**
 * A request id comes from the client's Idempotency-Key: coming back with another request, it would get that
 * request answered by the model without a charge. Refunded or not, the id stays the first request's.
 */
const assertSameRequest = (state: AccountState, requestId: string, metadata: CommandMetadata) => {
  const earlier = state.chargedRequests.get(requestId)?.requestDigest;
  if (earlier !== undefined && metadata.requestDigest !== undefined && earlier !== metadata.requestDigest) throw new IdempotencyKeyReusedError();
};

/**
 * A request charged (and not refunded) is not charged again: a retry after a lost answer must not cost twice.
 * A refunded request may be charged again: the model is about to be called for it once more.
 */
const chargeAiRequest = ({ data, metadata }: ChargeAiRequest, state: AccountState): AccountEvent[] => {
  assertSameRequest(state, data.requestId, metadata);
  if (chargeOf(state, data.requestId)) return [];
  const method = chargeMethodFor(state, data.ownKeyValid === true);
  if (!method) throw subscriptionRequired();
  return [charged(data, metadata, state, method)];
};

const consumePoint = ({ data, metadata }: ConsumePoint, state: AccountState): AccountEvent[] => {
  assertSameRequest(state, data.requestId, metadata);
  if (chargeOf(state, data.requestId)) return [];
  if (state.points < POINTS_PER_AI_REQUEST) throw new PaymentRequiredError(NO_POINTS_MESSAGE, NOT_ENOUGH_POINTS_TITLE);
  return [charged(data, metadata, state, 'point')];
};

const useFreePlay = ({ data, metadata }: UseFreePlay, state: AccountState): AccountEvent[] => {
  assertSameRequest(state, data.requestId, metadata);
  if (chargeOf(state, data.requestId)) return [];
  if (state.freePlaysLeft < 1) throw subscriptionRequired();
  return [charged(data, metadata, state, 'free_play')];
};

/** Unknown or already refunded requests are ignored: the gateway may refund on every failure path it has. */
const refundAiRequest = ({ data, metadata }: RefundAiRequest, state: AccountState): AccountEvent[] => {
  const method = chargeOf(state, data.requestId);
  if (!method) return [];
  const cost = costOf(method);
  return [
    {
      type: 'AiRequestRefunded',
      data: {
        accountId: data.accountId,
        requestId: data.requestId,
        method,
        reason: data.reason.trim(),
        pointsBalance: state.points + cost.points,
        freePlaysLeft: state.freePlaysLeft + cost.freePlays,
        usageCount: state.usageCount - 1,
        refundedAt: metadata.now,
      },
    },
  ];
};

/** Checked here as well as in the schema: a grant can be built by code (a CLI, a webhook) that never parsed one. */
const grantPoints = ({ data, metadata }: GrantPoints, state: AccountState): AccountEvent[] => {
  if (!Number.isInteger(data.points) || data.points <= 0) throw new ValidationError('points', 'Points must be a positive whole number');
  const reason = data.reason.trim();
  if (reason === '') throw new ValidationError('reason', 'Please say why the points are granted');
  return [
    {
      type: 'PointsGranted',
      data: { accountId: data.accountId, points: data.points, reason, pointsBalance: state.points + data.points, grantedAt: metadata.now },
    },
  ];
};

const redeemCoupon = ({ data, metadata }: RedeemCoupon, state: AccountState): AccountEvent[] => {
  const code = normalizeCouponCode(data.code);
  if (code === '') throw new ValidationError('couponCode', EMPTY_COUPON_MESSAGE);
  const { coupon } = data;
  // A points coupon without points cannot be issued; were one handed in, it is as good as none.
  const points = coupon?.kind === 'points' ? (coupon.points ?? 0) : 0;
  if (!coupon || normalizeCouponCode(coupon.code) !== code || (coupon.kind === 'points' && points <= 0)) {
    throw new ValidationError('couponCode', INVALID_COUPON_MESSAGE);
  }
  // Before 'used up': the last redemption may have been this account's own, and that is the truer answer.
  if (state.redeemedCoupons.includes(code)) throw new ConflictError(COUPON_ALREADY_REDEEMED_MESSAGE);
  if (isUsedUp(coupon)) throw new ValidationError('couponCode', COUPON_USED_UP_MESSAGE);
  // A running paid subscription stays 'active' so that it can still be cancelled; the coupon takes over when it ends.
  const subscriptionStatus =
    coupon.kind === 'free_unlimited' && state.subscription.status !== 'active' ? 'free_unlimited' : state.subscription.status;
  return [
    {
      type: 'CouponRedeemed',
      data: {
        accountId: data.accountId,
        code,
        kind: coupon.kind,
        points,
        pointsBalance: state.points + points,
        subscriptionStatus,
        redeemedAt: metadata.now,
      },
    },
  ];
};

/** The spec's only rule for an email (spec 02 §5): it contains '@'. The payment route checks it before calling Stripe. */
export const requireEmail = (email: string): string => {
  const trimmed = email.trim();
  if (!trimmed.includes('@')) throw new ValidationError('email', INVALID_EMAIL_MESSAGE);
  return trimmed;
};

/**
 * One subscription per account. A create on an account that has one waiting to be paid (or one being made at
 * Stripe) changes nothing: the HTTP layer answers that one, so the same payment form comes back. Only an account
 * without one records a new request; decided on the account stream, of creates racing each other exactly one
 * does. A paid or unlimited account is refused, as StartSubscription refuses it.
 */
const requestSubscription = ({ data, metadata }: RequestSubscription, state: AccountState): AccountEvent[] => {
  const email = requireEmail(data.email);
  assertCanStartSubscription(state);
  const { subscription } = state;
  if (subscription.requested || subscription.status === 'incomplete') return [];
  return [
    {
      type: 'SubscriptionRequested',
      data: { accountId: data.accountId, attempt: state.subscriptionRequests + 1, email, requestedAt: metadata.now },
    },
  ];
};

/**
 * The Stripe idempotency key of an account's `attempt`-th subscription: every create that answers the same request
 * (another replica's, a retry after a crash) reaches the same customer and subscription at Stripe.
 */
export const subscriptionIdempotencyKey = (accountId: string, attempt: number) => `subscription-create:${accountId}:${attempt}`;

/**
 * A new attempt replaces an unpaid one (the user came back to the payment form); the same one again is a retry.
 * The HTTP layer calls `assertCanStartSubscription` before creating anything at Stripe.
 */
const startSubscription = ({ data, metadata }: StartSubscription, state: AccountState): AccountEvent[] => {
  const email = requireEmail(data.email);
  assertCanStartSubscription(state);
  const { subscription } = state;
  if (subscription.status === 'incomplete' && subscription.subscriptionId === data.subscriptionId) return [];
  return [
    {
      type: 'SubscriptionStarted',
      data: { accountId: data.accountId, subscriptionId: data.subscriptionId, customerId: data.customerId, email, startedAt: metadata.now },
    },
  ];
};

/** Throws the refusal StartSubscription would give, so that nothing is created at Stripe for nothing. */
export const assertCanStartSubscription = (state: AccountState): void => {
  if (state.subscription.status === 'active') throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
  if (state.subscription.status === 'free_unlimited') throw new ConflictError(ALREADY_UNLIMITED_MESSAGE);
};

/**
 * Stripe's word that an invoice was paid: accepted even without a StartSubscription before it, since refusing
 * would keep a user's money and give nothing. Every paid invoice brings the subscription's points.
 */
const activateSubscription = ({ data, metadata }: ActivateSubscription, state: AccountState): AccountEvent[] => {
  if (state.stripeEventIds.has(data.stripeEventId)) return [];
  const renewal = state.subscription.status === 'active' && state.subscription.subscriptionId === data.subscriptionId;
  return [
    {
      type: 'SubscriptionActivated',
      data: {
        accountId: data.accountId,
        subscriptionId: data.subscriptionId,
        currentPeriodEnd: data.currentPeriodEnd,
        stripeEventId: data.stripeEventId,
        renewal,
        activatedAt: metadata.now,
      },
    },
    {
      type: 'PointsGranted',
      data: {
        accountId: data.accountId,
        points: POINTS_PER_SUBSCRIPTION,
        reason: SUBSCRIPTION_POINTS_REASON,
        pointsBalance: state.points + POINTS_PER_SUBSCRIPTION,
        grantedAt: metadata.now,
      },
    },
  ];
};

const seenStripeEvent = (state: AccountState, stripeEventId: string | undefined) =>
  stripeEventId !== undefined && state.stripeEventIds.has(stripeEventId);

const scheduleCancellation = ({ data, metadata }: ScheduleCancellation, state: AccountState): AccountEvent[] => {
  if (seenStripeEvent(state, data.stripeEventId)) return [];
  const { subscription } = state;
  if (subscription.status !== 'active' || subscription.subscriptionId !== data.subscriptionId) {
    throw new ValidationError('subscription', NO_ACTIVE_SUBSCRIPTION_MESSAGE);
  }
  // The cancel call and Stripe's webhook both report the same cancellation; the second changes nothing.
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd === data.cancelAt) return [];
  return [
    {
      type: 'CancellationScheduled',
      data: {
        accountId: data.accountId,
        subscriptionId: data.subscriptionId,
        cancelAt: data.cancelAt,
        stripeEventId: data.stripeEventId ?? null,
        scheduledAt: metadata.now,
      },
    },
  ];
};

/**
 * Only the account's current subscription can end. Stripe also ends abandoned attempts (an unpaid subscription
 * expires after a day), and such a message about an older attempt must not end the one that was paid.
 */
const endSubscription = ({ data, metadata }: EndSubscription, state: AccountState): AccountEvent[] => {
  if (seenStripeEvent(state, data.stripeEventId)) return [];
  const { subscription } = state;
  if (subscription.subscriptionId !== data.subscriptionId) return [];
  return [
    {
      type: 'SubscriptionEnded',
      data: {
        accountId: data.accountId,
        subscriptionId: data.subscriptionId,
        stripeEventId: data.stripeEventId ?? null,
        previousStatus: subscription.status,
        status: state.unlimitedByCoupon ? 'free_unlimited' : 'none',
        endedAt: metadata.now,
      },
    },
  ];
};

/** Every sign-in is recorded, the same profile or not: analysts count them. */
const recordSignIn = ({ data, metadata }: RecordSignIn, _state: AccountState): AccountEvent[] => {
  if (!data.accountId.startsWith('user-')) throw new ValidationError('accountId', 'Only a user account can sign in');
  const email = requireEmail(data.email);
  // The header shows the display name; a local sign-in may leave it blank, and the email's name is better than nothing.
  const displayName = data.displayName.trim() || email.split('@')[0] || email;
  return [
    {
      type: 'SignedIn',
      data: { accountId: data.accountId, email, displayName, profileImageUrl: data.profileImageUrl ?? null, signedInAt: metadata.now },
    },
  ];
};

/** Only a visitor's likes are noted, each once; a visitor already handed over likes as its user. */
const noteLike = ({ data, metadata }: NoteLike, state: AccountState): AccountEvent[] => {
  if (!data.accountId.startsWith('visitor-')) throw new ValidationError('accountId', "Only a visitor's likes are noted");
  if (state.handedOver || state.likedIdeas.has(data.ideaId)) return [];
  return [{ type: 'IdeaLikeNoted', data: { accountId: data.accountId, ideaId: data.ideaId, notedAt: metadata.now } }];
};

const isWholeCount = (value: number) => Number.isInteger(value) && value >= 0;
const freePlaysBetween = (value: number) => Math.min(FREE_PLAYS, Math.max(0, value));

/**
 * The visitor's subscription that moves with a sign-in (spec 02 §1: a visitor may subscribe by email, and
 * signing in links the subscription to the account): one that is paid or waiting to be paid, unless the user
 * holds one already. Then the visitor's stays where it is, cancelled by nobody: the sign-in logs both for an
 * operator, as one person paying twice is for a person to sort out, not for code to guess which to end.
 */
const movableSubscription = (state: AccountState, userHoldsSubscription: boolean): HandedOverSubscription | undefined => {
  const { subscriptionId, customerId, status, currentPeriodEnd, cancelAtPeriodEnd } = state.subscription;
  if (userHoldsSubscription || !subscriptionId || !customerId || (status !== 'active' && status !== 'incomplete')) return undefined;
  return {
    subscriptionId,
    customerId,
    status,
    currentPeriodEnd: currentPeriodEnd ?? null,
    cancelAtPeriodEnd,
    stripeEventIds: [...state.stripeEventIds],
  };
};

/**
 * The visitor's side of a sign-in: everything the visitor's account can spend moves to the user's, once. The
 * visitor's account keeps its history and is left with nothing to spend (no points, no free plays, no coupon
 * access), so nothing exists twice. Its subscription moves too (see movableSubscription). Even an account with
 * nothing on it records the hand-over: it says which user this visitor became, and a like counts once per
 * person across those ids (see the marketplace's LikeIdea). One already handed over (to this user or another)
 * hands over nothing again.
 */
const handOverToUser = ({ data, metadata }: HandOverToUser, state: AccountState): AccountEvent[] => {
  if (!data.accountId.startsWith('visitor-')) throw new ValidationError('accountId', "Only a visitor's account is handed over");
  if (!data.userAccountId.startsWith('user-')) throw new ValidationError('userAccountId', "A visitor's account is handed over to a user's");
  if (state.handedOver) return [];
  const points = Math.max(0, state.points);
  const freePlaysUsed = FREE_PLAYS - freePlaysBetween(state.freePlaysLeft);
  const unlimited = state.unlimitedByCoupon;
  const redeemedCoupons = state.redeemedCoupons.map((code) => ({
    code,
    ...(state.couponGrants.get(code) ?? { kind: 'points' as const, points: 0 }),
  }));
  const subscription = movableSubscription(state, data.userHoldsSubscription);
  return [
    {
      type: 'AccountHandedOver',
      data: {
        accountId: data.accountId,
        userAccountId: data.userAccountId,
        points,
        freePlaysUsed,
        unlimited,
        redeemedCoupons,
        ...(subscription ? { subscription } : {}),
        pointsBalance: 0,
        freePlaysLeft: 0,
        subscriptionStatus: subscription || state.subscription.status === 'free_unlimited' ? 'none' : state.subscription.status,
        handedOverAt: metadata.now,
      },
    },
  ];
};

/**
 * The user's side of a sign-in, with what the visitor's `AccountHandedOver` recorded. Each visitor account is
 * taken over once. Points add up; free plays used add up, never past all of them (the user keeps between 0
 * and 3); a coupon's unlimited access comes along. The user's redeemed coupons become the union of both, and
 * the points of a coupon the user had already redeemed are not given a second time (taken from the visitor's
 * points, as far as they reach).
 */
const takeOverVisitorAccount = ({ data, metadata }: TakeOverVisitorAccount, state: AccountState): AccountEvent[] => {
  if (!data.accountId.startsWith('user-')) throw new ValidationError('accountId', "Only a user's account takes over a visitor's");
  if (!data.visitorAccountId.startsWith('visitor-')) throw new ValidationError('visitorAccountId', "Only a visitor's account is taken over");
  if (!isWholeCount(data.points)) throw new ValidationError('points', 'Points must be a whole number, not negative');
  if (!isWholeCount(data.freePlaysUsed)) throw new ValidationError('freePlaysUsed', 'Free plays used must be a whole number, not negative');
  if (state.takenOverVisitors.has(data.visitorAccountId)) return [];
  const seen = new Set<string>();
  let alreadyGiven = 0;
  const redeemedCoupons: HandedOverCoupon[] = [];
  for (const coupon of data.redeemedCoupons) {
    const code = normalizeCouponCode(coupon.code);
    if (code === '' || seen.has(code)) continue;
    seen.add(code);
    if (state.redeemedCoupons.includes(code)) alreadyGiven += coupon.points;
    else redeemedCoupons.push({ code, kind: coupon.kind, points: coupon.points });
  }
  const pointsWithheld = Math.min(data.points, alreadyGiven);
  const points = data.points - pointsWithheld;
  const freePlaysUsed = Math.min(data.freePlaysUsed, FREE_PLAYS);
  // Taken only by a user who holds none: the sign-in checked, and this is the word of the user's own stream.
  const subscription = data.subscription && !holdsSubscription(state) ? data.subscription : undefined;
  const unlimited = data.unlimited || state.unlimitedByCoupon;
  // A running paid subscription stays 'active' so that it can still be cancelled, as with a redeemed coupon.
  const subscriptionStatus = subscription
    ? subscription.status === 'active' || !unlimited
      ? subscription.status
      : 'free_unlimited'
    : data.unlimited && state.subscription.status !== 'active'
      ? 'free_unlimited'
      : state.subscription.status;
  return [
    {
      type: 'VisitorAccountTakenOver',
      data: {
        accountId: data.accountId,
        visitorAccountId: data.visitorAccountId,
        points,
        pointsWithheld,
        freePlaysUsed,
        unlimited: data.unlimited,
        redeemedCoupons,
        ...(subscription ? { subscription } : {}),
        pointsBalance: state.points + points,
        freePlaysLeft: freePlaysBetween(state.freePlaysLeft - freePlaysUsed),
        subscriptionStatus,
        takenOverAt: metadata.now,
      },
    },
  ];
};

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  decide: decideAccount,
  evolve: evolveAccount,
  initialState: initialAccountState,
  snapshotVersion: 2,
};
