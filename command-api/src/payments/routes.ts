import type Router from '@koa/router';
import {
  accountIdSchema,
  assertCanStartSubscription,
  EMPTY_COUPON_MESSAGE,
  ForbiddenError,
  INVALID_COUPON_MESSAGE,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NotFoundError,
  requireEmail,
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
const createSubscriptionBody = z.strictObject({
  email: z.string().max(MAX_EMAIL_LENGTH).default(''),
  userId: z.string().max(MAX_ID_LENGTH).nullish(),
});

const applyCouponBody = z.strictObject({
  subscriptionId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  couponCode: z.string().max(MAX_ID_LENGTH).default(''),
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
 * 503 without Stripe; a failure at Stripe becomes 502 with a clear message (logged), not the 500 of a bug. Domain
 * errors pass on to the one error handler.
 */
const withPayments =
  ({ payments, logger }: Pick<PaymentRoutesDeps, 'payments' | 'logger'>) =>
  (handle: (ctx: Context, payments: PaymentsGateway) => Promise<void>): Middleware =>
  async (ctx) => {
    if (!payments) {
      ctx.status = 503;
      ctx.body = PAYMENTS_NOT_CONFIGURED;
      return;
    }
    try {
      await handle(ctx, payments);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      logger.error(
        { path: ctx.path, stripeError: error.type, reason: error.message, code: error.code, status: error.statusCode, stripeRequestId: error.requestId },
        'Stripe refused or failed a request',
      );
      ctx.status = 502;
      ctx.body = PAYMENT_PROVIDER_FAILED;
    }
  };

/** The spec's subscription calls that reach Stripe (§7): create, apply-coupon and cancel. */
export const paymentRoutes = (router: Router, deps: PaymentRoutesDeps) => {
  const { accounts } = deps;
  const paying = withPayments(deps);

  router.post(
    '/api/subscription/create',
    paying(async (ctx, payments) => {
      const body = parseInput(createSubscriptionBody, ctx.request.body);
      const accountId = accountOf(ctx);
      assertOwnUserId(accountId, body.userId);
      const email = requireEmail(body.email);
      const state = await accounts.stateOf(accountId);
      // Refused before anything exists at Stripe: an active subscriber must not end up billed twice.
      assertCanStartSubscription(state);
      const metadata = commandMetadata(ctx, deps);
      const created = await payments.createSubscription({
        accountId,
        email,
        customerId: state.subscription.customerId,
        idempotencyKey: `subscription-create:${metadata.commandId}`,
      });
      const result = await accounts.execute(
        'StartSubscription',
        accountId,
        { subscriptionId: created.subscriptionId, customerId: created.customerId, email },
        metadata,
      );
      ctx.body = {
        success: true,
        clientSecret: created.clientSecret,
        subscriptionId: created.subscriptionId,
        message: SUBSCRIPTION_CREATED_MESSAGE,
        position: String(result.position),
      };
    }),
  );

  /**
   * A Stripe promotion code becomes a discount on the caller's own subscription; any other code is invalid here
   * (the product's own coupons are redeemed by /api/subscription/redeem-coupon).
   */
  router.post(
    '/api/subscription/apply-coupon',
    paying(async (ctx, payments) => {
      const body = parseInput(applyCouponBody, ctx.request.body);
      const accountId = accountOf(ctx);
      const code = body.couponCode.trim();
      if (code === '') throw new ValidationError('couponCode', EMPTY_COUPON_MESSAGE);
      const { subscription } = await accounts.stateOf(accountId);
      if (subscription.subscriptionId !== body.subscriptionId) {
        throw new NotFoundError('subscription', body.subscriptionId, SUBSCRIPTION_NOT_FOUND_MESSAGE);
      }
      const promotionCodeId = await payments.findPromotionCode(code);
      if (!promotionCodeId) throw new ValidationError('couponCode', INVALID_COUPON_MESSAGE);
      const { commandId } = commandMetadata(ctx, deps);
      await payments.applyPromotionCode(body.subscriptionId, promotionCodeId, `subscription-coupon:${commandId}`);
      ctx.body = { success: true, message: COUPON_APPLIED_MESSAGE };
    }),
  );

  /**
   * A paid subscription runs to the end of its period; an unpaid one has nothing to run to and ends now. Stripe's
   * webhook for the same change arrives later and finds it already recorded.
   */
  router.post(
    '/api/subscription/cancel',
    paying(async (ctx, payments) => {
      parseInput(z.strictObject({}), ctx.request.body);
      const accountId = accountOf(ctx);
      const { subscription } = await accounts.stateOf(accountId);
      const { subscriptionId } = subscription;
      if (!subscriptionId || (subscription.status !== 'active' && subscription.status !== 'incomplete')) {
        throw new ValidationError('subscription', NO_ACTIVE_SUBSCRIPTION_MESSAGE);
      }
      if (subscription.status === 'active' && subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== undefined) {
        ctx.body = { success: true, message: cancellationScheduledMessage(subscription.currentPeriodEnd) };
        return;
      }
      const metadata = commandMetadata(ctx, deps);
      const idempotencyKey = `subscription-cancel:${metadata.commandId}`;
      if (subscription.status === 'incomplete') {
        await payments.cancelNow(subscriptionId, idempotencyKey);
        const result = await accounts.execute('EndSubscription', accountId, { subscriptionId }, metadata);
        ctx.body = { success: true, message: SUBSCRIPTION_CANCELLED_MESSAGE, position: String(result.position) };
        return;
      }
      const { cancelAt: stripeCancelAt } = await payments.cancelAtPeriodEnd(subscriptionId, idempotencyKey);
      const cancelAt = stripeCancelAt ?? subscription.currentPeriodEnd;
      if (cancelAt === undefined) throw new Error(`Stripe gave no end for the cancelled subscription ${subscriptionId}`);
      const result = await accounts.execute('ScheduleCancellation', accountId, { subscriptionId, cancelAt }, metadata);
      ctx.body = { success: true, message: cancellationScheduledMessage(cancelAt), position: String(result.position) };
    }),
  );
};
