import { z } from 'zod';
import type { Command } from '../decider.ts';
import { isSafeLine, UNSAFE_TEXT_MESSAGE, userLine } from '../text.ts';
import { COUPON_KINDS, couponLookupSchema, MAX_COUPON_CODE_LENGTH } from './coupon-code.ts';
import { FREE_PLAYS } from './constants.ts';

/**
 * Account command payload schemas, strict so that unknown fields are refused by name. Each names its account:
 * the HTTP layer sets `accountId` from the session (or, for a webhook, from the Stripe subscription's metadata)
 * over whatever the body said.
 */
export const MAX_ID_LENGTH = 200;
export const MAX_REASON_LENGTH = 500;
export const MAX_EMAIL_LENGTH = 320;
export const MAX_DISPLAY_NAME_LENGTH = 200;

/**
 * The actor ids the session hands out. Anything else (the session layer's 'nobody' above all) would make an
 * account that many people share, so it is refused here.
 */
export const accountIdSchema = z
  .string()
  .max(MAX_ID_LENGTH)
  .regex(/^(user|visitor)-\S+$/, 'An account id is a user or visitor id')
  .refine(isSafeLine, UNSAFE_TEXT_MESSAGE);
const idSchema = userLine(MAX_ID_LENGTH).min(1);
const reasonSchema = userLine(MAX_REASON_LENGTH).trim().min(1);
/** Unix seconds, as Stripe gives them. */
const unixSecondsSchema = z.number().int().positive();

export const chargeAiRequestSchema = z.strictObject({
  accountId: accountIdSchema,
  /** One id per model call: a retried charge with the same id is not charged again. */
  requestId: idSchema,
  /** The AI gateway checked the user's own Gemini key and it works; such a request costs nothing. */
  ownKeyValid: z.boolean().optional(),
});

export const consumePointSchema = z.strictObject({ accountId: accountIdSchema, requestId: idSchema });
export const useFreePlaySchema = z.strictObject({ accountId: accountIdSchema, requestId: idSchema });

export const refundAiRequestSchema = z.strictObject({
  accountId: accountIdSchema,
  requestId: idSchema,
  /** Why the model call failed, for the analyst: 'model_error', 'timeout', … */
  reason: reasonSchema,
});

export const grantPointsSchema = z.strictObject({
  accountId: accountIdSchema,
  points: z.number().int().positive(),
  reason: reasonSchema,
});

export const redeemCouponSchema = z.strictObject({
  accountId: accountIdSchema,
  /** Missing becomes empty so that the decider answers with the spec's 'Please enter a coupon code.' */
  code: userLine(MAX_ID_LENGTH).default(''),
  /** The coupon the HTTP layer found under that code, or null when there is none. */
  coupon: couponLookupSchema.nullable(),
});

export const startSubscriptionSchema = z.strictObject({
  accountId: accountIdSchema,
  subscriptionId: idSchema,
  customerId: idSchema,
  /** Missing becomes empty so that the decider answers with the spec's 'Please enter a valid email address'. */
  email: userLine(MAX_EMAIL_LENGTH).default(''),
});

/**
 * The first step of a new subscription, decided on the account before anything exists at Stripe: of any number
 * of creates at once (parallel requests, several replicas), exactly one records the request; the others find it
 * pending and reach Stripe with the same idempotency key (`subscriptionIdempotencyKey`), so one subscription exists.
 */
export const requestSubscriptionSchema = z.strictObject({
  accountId: accountIdSchema,
  /** Missing becomes empty so that the decider answers with the spec's 'Please enter a valid email address'. */
  email: userLine(MAX_EMAIL_LENGTH).default(''),
});

export const activateSubscriptionSchema = z.strictObject({
  accountId: accountIdSchema,
  subscriptionId: idSchema,
  currentPeriodEnd: unixSecondsSchema,
  /** Stripe redelivers webhooks: the account remembers which it has seen. */
  stripeEventId: idSchema,
});

/**
 * `stripeEventId` is optional here and in EndSubscription: the cancel call may record the cancellation before
 * Stripe's webhook arrives, and the webhook then finds it already done.
 */
export const scheduleCancellationSchema = z.strictObject({
  accountId: accountIdSchema,
  subscriptionId: idSchema,
  cancelAt: unixSecondsSchema,
  stripeEventId: idSchema.optional(),
});

export const endSubscriptionSchema = z.strictObject({
  accountId: accountIdSchema,
  subscriptionId: idSchema,
  stripeEventId: idSchema.optional(),
});

export const recordSignInSchema = z.strictObject({
  accountId: accountIdSchema,
  email: userLine(MAX_EMAIL_LENGTH),
  displayName: userLine(MAX_DISPLAY_NAME_LENGTH),
  /** Only web addresses: the picture ends up in an img src. */
  profileImageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .refine(isSafeLine, UNSAFE_TEXT_MESSAGE)
    .optional(),
});

/**
 * On sign-in, the visitor account of this browser hands what it holds to the user account. Issued by the sign-in
 * callback only (no route takes it), with the visitor of the session as `accountId`.
 */
export const handOverToUserSchema = z.strictObject({
  accountId: accountIdSchema,
  userAccountId: accountIdSchema,
  /**
   * The user's account holds a subscription of its own (`holdsSubscription`), read by the sign-in just before:
   * the visitor's then stays where it is rather than replace it (see handOverToUser).
   */
  userHoldsSubscription: z.boolean().default(false),
});

/**
 * A visitor's subscription as it moves to the user's account: the Stripe ids, where it stands, and the Stripe
 * events already acted on (a redelivered one must not grant the subscription's points again on the user's).
 */
export const handedOverSubscriptionSchema = z.strictObject({
  subscriptionId: idSchema,
  customerId: idSchema,
  status: z.enum(['incomplete', 'active']),
  currentPeriodEnd: unixSecondsSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  stripeEventIds: z.array(idSchema).max(10_000),
});

/**
 * A visitor liked a marketplace idea: the visitor's account keeps the list, so that at sign-in the like becomes
 * the user's and counts once (the idea's stream does the counting; this is only where to look).
 */
export const noteLikeSchema = z.strictObject({ accountId: accountIdSchema, ideaId: idSchema });

/** A coupon a visitor redeemed, with the points it brought: the user is not given them twice for one code. */
export const handedOverCouponSchema = z.strictObject({
  code: userLine(MAX_COUPON_CODE_LENGTH).min(1),
  kind: z.enum(COUPON_KINDS),
  points: z.number().int().nonnegative(),
});

/**
 * The user's side of a hand-over: exactly what the visitor's `AccountHandedOver` recorded, so that a retry after
 * a crash between the two appends moves the same amounts.
 */
export const takeOverVisitorAccountSchema = z.strictObject({
  accountId: accountIdSchema,
  visitorAccountId: accountIdSchema,
  points: z.number().int().nonnegative(),
  freePlaysUsed: z.number().int().nonnegative().max(FREE_PLAYS),
  unlimited: z.boolean(),
  redeemedCoupons: z.array(handedOverCouponSchema).max(1000),
  /** The visitor's subscription, when it moved with the rest. */
  subscription: handedOverSubscriptionSchema.nullable().default(null),
});

type CommandOf<T extends string, S extends z.ZodType> = Command<T, z.infer<S>>;

export type ChargeAiRequest = CommandOf<'ChargeAiRequest', typeof chargeAiRequestSchema>;
export type ConsumePoint = CommandOf<'ConsumePoint', typeof consumePointSchema>;
export type UseFreePlay = CommandOf<'UseFreePlay', typeof useFreePlaySchema>;
export type RefundAiRequest = CommandOf<'RefundAiRequest', typeof refundAiRequestSchema>;
export type GrantPoints = CommandOf<'GrantPoints', typeof grantPointsSchema>;
export type RedeemCoupon = CommandOf<'RedeemCoupon', typeof redeemCouponSchema>;
export type RequestSubscription = CommandOf<'RequestSubscription', typeof requestSubscriptionSchema>;
export type StartSubscription = CommandOf<'StartSubscription', typeof startSubscriptionSchema>;
export type ActivateSubscription = CommandOf<'ActivateSubscription', typeof activateSubscriptionSchema>;
export type ScheduleCancellation = CommandOf<'ScheduleCancellation', typeof scheduleCancellationSchema>;
export type EndSubscription = CommandOf<'EndSubscription', typeof endSubscriptionSchema>;
export type RecordSignIn = CommandOf<'RecordSignIn', typeof recordSignInSchema>;
export type NoteLike = CommandOf<'NoteLike', typeof noteLikeSchema>;
export type HandOverToUser = CommandOf<'HandOverToUser', typeof handOverToUserSchema>;
export type TakeOverVisitorAccount = CommandOf<'TakeOverVisitorAccount', typeof takeOverVisitorAccountSchema>;
export type HandedOverCoupon = z.infer<typeof handedOverCouponSchema>;
export type HandedOverSubscription = z.infer<typeof handedOverSubscriptionSchema>;

export type AccountCommand =
  | ChargeAiRequest
  | ConsumePoint
  | UseFreePlay
  | RefundAiRequest
  | GrantPoints
  | RedeemCoupon
  | RequestSubscription
  | StartSubscription
  | ActivateSubscription
  | ScheduleCancellation
  | EndSubscription
  | RecordSignIn
  | HandOverToUser
  | NoteLike
  | TakeOverVisitorAccount;

/** Each command's payload schema by command type, for a generic HTTP or CLI layer. */
export const accountCommandSchemas = {
  ChargeAiRequest: chargeAiRequestSchema,
  ConsumePoint: consumePointSchema,
  UseFreePlay: useFreePlaySchema,
  RefundAiRequest: refundAiRequestSchema,
  GrantPoints: grantPointsSchema,
  RedeemCoupon: redeemCouponSchema,
  RequestSubscription: requestSubscriptionSchema,
  StartSubscription: startSubscriptionSchema,
  ActivateSubscription: activateSubscriptionSchema,
  ScheduleCancellation: scheduleCancellationSchema,
  EndSubscription: endSubscriptionSchema,
  RecordSignIn: recordSignInSchema,
  HandOverToUser: handOverToUserSchema,
  NoteLike: noteLikeSchema,
  TakeOverVisitorAccount: takeOverVisitorAccountSchema,
} satisfies Record<AccountCommand['type'], z.ZodType>;
