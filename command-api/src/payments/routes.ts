import type Router from '@koa/router';
import {
  accountIdSchema,
  ALREADY_SUBSCRIBED_MESSAGE,
  type ApplySubscriptionCouponResponse,
  type CancelSubscriptionResponse,
  type CommandMetadata,
  ConflictError,
  type CreateSubscriptionResponse,
  EMPTY_COUPON_MESSAGE,
  ForbiddenError,
  INVALID_COUPON_MESSAGE,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NotFoundError,
  requireEmail,
  subscriptionIdempotencyKey,
  userLine,
  ValidationError,
} from '@vis/domain';
import { actorOf, parseInput, type Logger } from '@vis/infrastructure';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Accounts } from '../accounts/accounts.ts';
import { commandMetadata } from '../command-context.ts';
import { isStripeError, type PaymentsGateway } from './gateway.ts';
import {
  cancellationScheduledMessage,
  COUPON_APPLIED_MESSAGE,
  NOT_YOUR_ACCOUNT_MESSAGE,
  PAYMENT_PROVIDER_FAILED,
  PAYMENTS_NOT_CONFIGURED,
  SUBSCRIPTION_CANCELLED_MESSAGE,
  SUBSCRIPTION_CREATED_MESSAGE,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
} from './messages.ts';

export interface PaymentRoutesDeps {
  accounts: Accounts;
  /** Undefined when no Stripe key is configured: every payment call then answers 503. */
  payments: PaymentsGateway | undefined;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
}

/** Spec 02 §7: `email`, and `userId` only when signed in. Missing email becomes '' for the spec's message. */
export const createSubscriptionBody = z.strictObject({
  email: userLine(MAX_EMAIL_LENGTH).default(''),
  userId: userLine(MAX_ID_LENGTH).nullish(),
});

export const applyCouponBody = z.strictObject({
  subscriptionId: userLine(MAX_ID_LENGTH).trim().min(1),
  couponCode: userLine(MAX_ID_LENGTH).default(''),
});

/** Nobody without a session may pay: the subscription would belong to no account. */
const accountOf = (ctx: Context): string => {
  const actor = actorOf(ctx);
  if (!accountIdSchema.safeParse(actor).success) throw new ForbiddenError('Please reload the page and try again.');
  return actor;
};

/**
 * The body's `userId` is the signed-in user's own id (as `/api/auth/user` gives it, with or without the `user-`
 * prefix). The account is always the session's: the body only confirms it.
 */
const assertOwnUserId = (accountId: string, userId: string | null | undefined) => {
  if (userId === undefined || userId === null) return;
  const ownUserId = accountId.startsWith('user-') ? accountId.slice('user-'.length) : undefined;
  if (ownUserId === undefined || (userId !== ownUserId && userId !== accountId)) throw new ForbiddenError(NOT_YOUR_ACCOUNT_MESSAGE);
};

/**
 * The request's input is checked first (400 naming the field): a wrong email is worth fixing whether or not
 * payments are set up. Then 503 without Stripe; a failure at Stripe becomes 502 with a clear message (logged),
 * not the 500 of a bug. Domain errors pass on to the one error handler.
 */
const withPayments =
  ({ payments, logger }: Pick<PaymentRoutesDeps, 'payments' | 'logger'>) =>
  <Input>(parse: (ctx: Context) => Input, handle: (ctx: Context, payments: PaymentsGateway, input: Input) => Promise<void>): Middleware =>
  async (ctx) => {
    const input = parse(ctx);
    if (!payments) {
      ctx.status = 503;
      ctx.body = PAYMENTS_NOT_CONFIGURED;
      return;
    }
    try {
      await handle(ctx, payments, input);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      logger.error(
        {
          path: ctx.path,
          stripeError: error.type,
          reason: error.message,
          code: error.code,
          status: error.statusCode,
          stripeRequestId: error.requestId,
        },
        'Stripe refused or failed a request',
      );
      ctx.status = 502;
      ctx.body = PAYMENT_PROVIDER_FAILED;
    }
  };

/** Stripe's statuses of a subscription that is gone: nothing will ever be paid on it. */
const ENDED_AT_STRIPE = new Set(['incomplete_expired', 'canceled']);

/**
 * The one subscription an account pays for (issue 24: one create must never become two billed subscriptions).
 * The account decides first (RequestSubscription): of creates racing on any replica exactly one records a request,
 * and every create then reaches Stripe with that request's idempotency key (account id + attempt), so Stripe
 * makes one customer and one subscription whoever asks and however often. A create that finds one waiting to be
 * paid answers it (its id and payment secret again), unless Stripe has let it expire: that one is recorded as
 * ended and the next attempt made. Derived commands carry no request digest: they belong to the account, not
 * to this request's Idempotency-Key.
 */
const subscriptionToPay = async (
  accounts: Accounts,
  payments: PaymentsGateway,
  accountId: string,
  email: string,
  metadata: CommandMetadata,
): Promise<{ subscriptionId: string; clientSecret: string; position: bigint }> => {
  const { requestDigest: _ignored, ...accountMetadata } = metadata;
  for (let round = 0; round < 3; round++) {
    const requested = await accounts.execute(
      'RequestSubscription',
      accountId,
      { email },
      round === 0 ? metadata : { ...accountMetadata, commandId: `${metadata.commandId}:round-${round}` },
    );
    const { subscription } = await accounts.stateOf(accountId);
    if (subscription.requested) {
      const { attempt, email: requestedEmail } = subscription.requested;
      const created = await payments.createSubscription({
        accountId,
        email: requestedEmail,
        customerId: subscription.customerId,
        idempotencyKey: subscriptionIdempotencyKey(accountId, attempt),
      });
      const started = await accounts.execute(
        'StartSubscription',
        accountId,
        { subscriptionId: created.subscriptionId, customerId: created.customerId, email: requestedEmail },
        { ...accountMetadata, commandId: `subscription-start:${accountId}:${attempt}` },
      );
      return { subscriptionId: created.subscriptionId, clientSecret: created.clientSecret, position: started.position };
    }
    const { subscriptionId } = subscription;
    if (subscription.status !== 'incomplete' || !subscriptionId) throw new Error(`account ${accountId} has no subscription to pay after a request`);
    const payment = await payments.subscriptionPayment(subscriptionId);
    if (payment && !ENDED_AT_STRIPE.has(payment.status)) {
      // Paid at Stripe while its webhook is still on the way: it is a subscription already.
      if (payment.status !== 'incomplete') throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
      if (!payment.clientSecret) throw new Error(`Stripe subscription ${subscriptionId} came without a payment to confirm`);
      return { subscriptionId, clientSecret: payment.clientSecret, position: requested.position };
    }
    await accounts.execute(
      'EndSubscription',
      accountId,
      { subscriptionId },
      { ...accountMetadata, commandId: `subscription-gone:${subscriptionId}` },
    );
  }
  throw new Error(`account ${accountId}: no subscription to pay after three rounds`);
};

/** The spec's subscription calls that reach Stripe (§7): create, apply-coupon and cancel. */
export const paymentRoutes = (router: Router, deps: PaymentRoutesDeps) => {
  const { accounts } = deps;
  const paying = withPayments(deps);

  router.post(
    '/api/subscription/create',
    paying(
      (ctx) => {
        const body = parseInput(createSubscriptionBody, ctx.request.body);
        return { userId: body.userId, email: requireEmail(body.email) };
      },
      async (ctx, payments, { userId, email }) => {
        const accountId = accountOf(ctx);
        assertOwnUserId(accountId, userId);
        const metadata = commandMetadata(ctx, deps);
        // A key reused for another request is refused before Stripe is asked anything.
        await accounts.handled(accountId, metadata);
        const { subscriptionId, clientSecret, position } = await subscriptionToPay(accounts, payments, accountId, email, metadata);
        ctx.body = {
          success: true,
          clientSecret,
          subscriptionId,
          message: SUBSCRIPTION_CREATED_MESSAGE,
          ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
          position: String(position),
        } satisfies CreateSubscriptionResponse;
      },
    ),
  );

  /**
   * A Stripe promotion code becomes a discount on the caller's own subscription; any other code is invalid here
   * (the product's own coupons are redeemed by /api/subscription/redeem-coupon).
   */
  router.post(
    '/api/subscription/apply-coupon',
    paying(
      (ctx) => {
        const body = parseInput(applyCouponBody, ctx.request.body);
        const code = body.couponCode.trim();
        if (code === '') throw new ValidationError('couponCode', EMPTY_COUPON_MESSAGE);
        return { subscriptionId: body.subscriptionId, code };
      },
      async (ctx, payments, { subscriptionId, code }) => {
        const accountId = accountOf(ctx);
        const { subscription } = await accounts.stateOf(accountId);
        if (subscription.subscriptionId !== subscriptionId) {
          throw new NotFoundError('subscription', subscriptionId, SUBSCRIPTION_NOT_FOUND_MESSAGE);
        }
        const promotionCodeId = await payments.findPromotionCode(code);
        if (!promotionCodeId) throw new ValidationError('couponCode', INVALID_COUPON_MESSAGE);
        const { commandId } = commandMetadata(ctx, deps);
        await payments.applyPromotionCode(subscriptionId, promotionCodeId, `subscription-coupon:${commandId}`);
        ctx.body = { success: true, message: COUPON_APPLIED_MESSAGE } satisfies ApplySubscriptionCouponResponse;
      },
    ),
  );

  /**
   * A paid subscription runs to the end of its period; an unpaid one has nothing to run to and ends now. Stripe's
   * webhook for the same change arrives later and finds it already recorded.
   */
  router.post(
    '/api/subscription/cancel',
    paying(
      (ctx) => parseInput(z.strictObject({}), ctx.request.body),
      async (ctx, payments) => {
        const accountId = accountOf(ctx);
        const { subscription } = await accounts.stateOf(accountId);
        const { subscriptionId } = subscription;
        if (!subscriptionId || (subscription.status !== 'active' && subscription.status !== 'incomplete')) {
          throw new ValidationError('subscription', NO_ACTIVE_SUBSCRIPTION_MESSAGE);
        }
        if (subscription.status === 'active' && subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== undefined) {
          ctx.body = { success: true, message: cancellationScheduledMessage(subscription.currentPeriodEnd) } satisfies CancelSubscriptionResponse;
          return;
        }
        const metadata = commandMetadata(ctx, deps);
        const idempotencyKey = `subscription-cancel:${metadata.commandId}`;
        if (subscription.status === 'incomplete') {
          await payments.cancelNow(subscriptionId, idempotencyKey);
          const result = await accounts.execute('EndSubscription', accountId, { subscriptionId }, metadata);
          ctx.body = {
            success: true,
            message: SUBSCRIPTION_CANCELLED_MESSAGE,
            position: String(result.position),
          } satisfies CancelSubscriptionResponse;
          return;
        }
        const { cancelAt: stripeCancelAt } = await payments.cancelAtPeriodEnd(subscriptionId, idempotencyKey);
        const cancelAt = stripeCancelAt ?? subscription.currentPeriodEnd;
        if (cancelAt === undefined) throw new Error(`Stripe gave no end for the cancelled subscription ${subscriptionId}`);
        const result = await accounts.execute('ScheduleCancellation', accountId, { subscriptionId, cancelAt }, metadata);
        ctx.body = {
          success: true,
          message: cancellationScheduledMessage(cancelAt),
          position: String(result.position),
        } satisfies CancelSubscriptionResponse;
      },
    ),
  );
};
