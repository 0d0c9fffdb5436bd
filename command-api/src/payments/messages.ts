import { planDate } from '@vis/domain';

/** Texts of the payment calls. The spec's own (§8) come from the domain's constants; these fill its gaps. */

export const PAYMENTS_NOT_CONFIGURED = {
  success: false,
  error: 'Payments not configured',
  message: 'Payments are not configured on this server. Coupons still work.',
} as const;

export const WEBHOOK_NOT_CONFIGURED = {
  success: false,
  error: 'Payments not configured',
  message: 'Stripe webhooks are not configured on this server.',
} as const;

export const INVALID_WEBHOOK_SIGNATURE = {
  success: false,
  error: 'Invalid signature',
  message: 'The Stripe signature of this webhook is missing or wrong.',
} as const;

export const PAYMENT_PROVIDER_FAILED = {
  success: false,
  error: 'Payment provider error',
  message: 'The payment provider could not complete the request. Please try again.',
} as const;

export const SUBSCRIPTION_CREATED_MESSAGE = 'Subscription created. Please complete your payment.';
export const COUPON_APPLIED_MESSAGE = 'Coupon applied to your subscription.';
export const SUBSCRIPTION_CANCELLED_MESSAGE = 'Your subscription has been cancelled.';
export const NOT_YOUR_ACCOUNT_MESSAGE = 'You can only subscribe for your own account.';
export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found';

/** The date written as the plan label writes it ('Premium until December 23, 2026'). */
export const cancellationScheduledMessage = (endsAt: number) => `Your subscription will end on ${planDate(endsAt)}`;
