import { z } from 'zod';
import { COUPON_KINDS } from './coupon-code.ts';

/**
 * Account events: past tense, each naming its account and the moment (the command's `metadata.now`). Events
 * that move a balance also carry the balance after them, so an analyst or a projection reads it without a fold;
 * the decider itself folds the changes.
 */
export const CHARGE_METHODS = ['own_key', 'subscription', 'point', 'free_play'] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];

export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'active', 'free_unlimited'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const balances = {
  pointsBalance: z.number().int().nonnegative(),
  freePlaysLeft: z.number().int().nonnegative(),
  /** AI requests served: charged and not refunded, whatever paid for them. */
  usageCount: z.number().int().nonnegative(),
};

export const aiRequestChargedSchema = z.object({
  accountId: z.string(),
  requestId: z.string(),
  method: z.enum(CHARGE_METHODS),
  ...balances,
  chargedAt: z.string(),
  /** The request charged (its metadata's `requestDigest`): the same request id for another request is refused. */
  requestDigest: z.string().optional(),
});

/** Gives back exactly what the request took: one point, one free play, or nothing (own key, subscription). */
export const aiRequestRefundedSchema = z.object({
  accountId: z.string(),
  requestId: z.string(),
  method: z.enum(CHARGE_METHODS),
  reason: z.string(),
  ...balances,
  refundedAt: z.string(),
});

export const pointsGrantedSchema = z.object({
  accountId: z.string(),
  points: z.number().int().positive(),
  /** 'subscription' for the points every paid invoice brings; an operator's words otherwise. */
  reason: z.string(),
  pointsBalance: z.number().int().nonnegative(),
  grantedAt: z.string(),
});

export const couponRedeemedSchema = z.object({
  accountId: z.string(),
  /** Normalized: trimmed, upper case. */
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Points added; 0 for a free_unlimited coupon. */
  points: z.number().int().nonnegative(),
  pointsBalance: z.number().int().nonnegative(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  redeemedAt: z.string(),
});

/** A create was accepted: the account's `attempt`-th subscription is being made at Stripe, for this email. */
export const subscriptionRequestedSchema = z.object({
  accountId: z.string(),
  attempt: z.number().int().positive(),
  email: z.string(),
  requestedAt: z.string(),
});

export const subscriptionStartedSchema = z.object({
  accountId: z.string(),
  subscriptionId: z.string(),
  customerId: z.string(),
  email: z.string(),
  startedAt: z.string(),
});

export const subscriptionActivatedSchema = z.object({
  accountId: z.string(),
  subscriptionId: z.string(),
  /** Unix seconds, as Stripe gives it. */
  currentPeriodEnd: z.number().int(),
  stripeEventId: z.string(),
  /** A later invoice of a subscription that was already active: a renewal, not a new subscriber. */
  renewal: z.boolean(),
  activatedAt: z.string(),
});

export const cancellationScheduledSchema = z.object({
  accountId: z.string(),
  subscriptionId: z.string(),
  /** Unix seconds: the subscription stays usable until then. */
  cancelAt: z.number().int(),
  stripeEventId: z.string().nullable(),
  scheduledAt: z.string(),
});

export const subscriptionEndedSchema = z.object({
  accountId: z.string(),
  subscriptionId: z.string(),
  stripeEventId: z.string().nullable(),
  /** Where it ended from: 'incomplete' is an abandoned payment, 'active' a subscriber leaving. */
  previousStatus: z.enum(SUBSCRIPTION_STATUSES),
  /** Where the account is left: an unlimited coupon outlives a paid subscription. */
  status: z.enum(['none', 'free_unlimited']),
  endedAt: z.string(),
});

export const signedInSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  signedInAt: z.string(),
});

const handedOverCoupon = z.object({ code: z.string(), kind: z.enum(COUPON_KINDS), points: z.number().int().nonnegative() });
/** A visitor's subscription moving to the user's account (absent in events recorded before subscriptions moved). */
const handedOverSubscription = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  status: z.enum(['incomplete', 'active']),
  currentPeriodEnd: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  stripeEventIds: z.array(z.string()),
});

/**
 * A visitor signed in: what the visitor's account held moved to the user's account (the user's stream records
 * `VisitorAccountTakenOver`). The visitor's account is left with nothing to spend; its history stays.
 */
export const accountHandedOverSchema = z.object({
  accountId: z.string(),
  userAccountId: z.string(),
  /** What moved: the visitor's points, the free plays the visitor had used, a free_unlimited coupon's access. */
  points: z.number().int().nonnegative(),
  freePlaysUsed: z.number().int().nonnegative(),
  unlimited: z.boolean(),
  /** Every coupon the visitor redeemed, with the points each brought. */
  redeemedCoupons: z.array(handedOverCoupon),
  /** The visitor's balances after: no points, no free plays. */
  pointsBalance: z.number().int().nonnegative(),
  freePlaysLeft: z.number().int().nonnegative(),
  /**
   * The visitor's subscription (paid or waiting to be paid), which moves too unless the user holds one already:
   * then it stays with the visitor and an operator sorts the two out (the sign-in logs it).
   */
  subscription: handedOverSubscription.optional(),
  /** A coupon's unlimited access leaves with it, and so does a subscription that moved. */
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  handedOverAt: z.string(),
});

/** The user's side of a visitor's sign-in: the visitor's balance added to the user's. */
export const visitorAccountTakenOverSchema = z.object({
  accountId: z.string(),
  visitorAccountId: z.string(),
  /** Points added to the user's. */
  points: z.number().int().nonnegative(),
  /** The visitor's points not added: they came from coupons this user had redeemed already. */
  pointsWithheld: z.number().int().nonnegative(),
  /** The free plays the visitor used, now counted against the user (never more than all of them). */
  freePlaysUsed: z.number().int().nonnegative(),
  unlimited: z.boolean(),
  /** Coupons added to the user's redeemed ones: the visitor's, less those the user had. */
  redeemedCoupons: z.array(handedOverCoupon),
  /** The visitor's subscription, now the user's: Stripe's webhooks about it land here from now on. */
  subscription: handedOverSubscription.optional(),
  pointsBalance: z.number().int().nonnegative(),
  freePlaysLeft: z.number().int().nonnegative(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  takenOverAt: z.string(),
});

/** A visitor liked an idea (see NoteLike). */
export const ideaLikeNotedSchema = z.object({ accountId: z.string(), ideaId: z.string(), notedAt: z.string() });

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type AiRequestCharged = EventOf<'AiRequestCharged', typeof aiRequestChargedSchema>;
export type AiRequestRefunded = EventOf<'AiRequestRefunded', typeof aiRequestRefundedSchema>;
export type PointsGranted = EventOf<'PointsGranted', typeof pointsGrantedSchema>;
export type CouponRedeemed = EventOf<'CouponRedeemed', typeof couponRedeemedSchema>;
export type SubscriptionRequested = EventOf<'SubscriptionRequested', typeof subscriptionRequestedSchema>;
export type SubscriptionStarted = EventOf<'SubscriptionStarted', typeof subscriptionStartedSchema>;
export type SubscriptionActivated = EventOf<'SubscriptionActivated', typeof subscriptionActivatedSchema>;
export type CancellationScheduled = EventOf<'CancellationScheduled', typeof cancellationScheduledSchema>;
export type SubscriptionEnded = EventOf<'SubscriptionEnded', typeof subscriptionEndedSchema>;
export type SignedIn = EventOf<'SignedIn', typeof signedInSchema>;
export type AccountHandedOver = EventOf<'AccountHandedOver', typeof accountHandedOverSchema>;
export type IdeaLikeNoted = EventOf<'IdeaLikeNoted', typeof ideaLikeNotedSchema>;
export type VisitorAccountTakenOver = EventOf<'VisitorAccountTakenOver', typeof visitorAccountTakenOverSchema>;

export type AccountEvent =
  | AiRequestCharged
  | AiRequestRefunded
  | PointsGranted
  | CouponRedeemed
  | SubscriptionRequested
  | SubscriptionStarted
  | SubscriptionActivated
  | CancellationScheduled
  | SubscriptionEnded
  | SignedIn
  | AccountHandedOver
  | VisitorAccountTakenOver
  | IdeaLikeNoted;
export type AccountEventType = AccountEvent['type'];

export const accountEventSchemas = {
  AiRequestCharged: aiRequestChargedSchema,
  AiRequestRefunded: aiRequestRefundedSchema,
  PointsGranted: pointsGrantedSchema,
  CouponRedeemed: couponRedeemedSchema,
  SubscriptionRequested: subscriptionRequestedSchema,
  SubscriptionStarted: subscriptionStartedSchema,
  SubscriptionActivated: subscriptionActivatedSchema,
  CancellationScheduled: cancellationScheduledSchema,
  SubscriptionEnded: subscriptionEndedSchema,
  SignedIn: signedInSchema,
  AccountHandedOver: accountHandedOverSchema,
  VisitorAccountTakenOver: visitorAccountTakenOverSchema,
  IdeaLikeNoted: ideaLikeNotedSchema,
} satisfies { [T in AccountEventType]: z.ZodType<Extract<AccountEvent, { type: T }>['data'], unknown> };

export const ACCOUNT_EVENT_TYPES = Object.keys(accountEventSchemas) as AccountEventType[];

/** One stream per user or visitor; the account id is the actor id (`user-…`, `visitor-…`). */
export const accountStreamId = (accountId: string) => `account-${accountId}`;
