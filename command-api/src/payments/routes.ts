import type Router from '@koa/router';
import {
  accountIdSchema,
  assertCanStartSubscription,
  type ApplySubscriptionCouponResponse,
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  EMPTY_COUPON_MESSAGE,
  ForbiddenError,
  INVALID_COUPON_MESSAGE,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NotFoundError,
  requireEmail,
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
        const state = await accounts.stateOf(accountId);
        // Refused before anything exists at Stripe: an active subscriber must not end up billed twice.
        assertCanStartSubscription(state);
        const metadata = commandMetadata(ctx, deps);
        await accounts.handled(accountId, metadata);
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
          ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
          position: String(result.position),
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
