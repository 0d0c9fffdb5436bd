import type {
  EMPTY_COUPON_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  POINTS_PER_SUBSCRIPTION,
  SUBSCRIPTION_PRICE_USD,
} from '@vis/domain';

// The domain's values, typed against them so a change there fails the typecheck here; the browser bundle does not
// load the domain package for a few sentences. The rest are the subscription page's own texts (spec 02 §2.3, §4, §8).

export const PRICE_USD: typeof SUBSCRIPTION_PRICE_USD = 4;
export const POINTS_PER_MONTH: typeof POINTS_PER_SUBSCRIPTION = 1000;
export const INVALID_EMAIL: typeof INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMPTY_COUPON: typeof EMPTY_COUPON_MESSAGE = 'Please enter a coupon code.';
export const NO_ACTIVE_SUBSCRIPTION: typeof NO_ACTIVE_SUBSCRIPTION_MESSAGE = 'No active subscription found.';

/** Spec 02 §1: what a subscription claims to give. */
export const BENEFITS = [
  'Unlimited viral idea generation',
  'Advanced parameter customization',
  'Detailed analysis and insights',
  'Priority support',
] as const;

/** Spec 02 §9: the redirect after a successful payment. */
export const REDIRECT_AFTER_PAYMENT_MS = 1500;

/** Spec 02 §8 'Payment': what each kind of Stripe error reads as. */
export const PAYMENT_ERRORS = {
  card_error: 'There was an issue with your card. Please check your card details and try again.',
  validation_error: 'Please complete all payment details correctly.',
  invalid_request_error: 'The payment attempt was invalid. Please refresh and try again.',
} as const;
export const PAYMENT_FAILED = 'Payment failed';
export const PAYMENT_EXCEPTION = 'An unexpected error occurred. Please try again or use a different payment method.';
export const paymentStatusMessage = (status: string) => `Payment status: ${status}. Please contact support if this persists.`;

/** Spec 02 §8 'Coupon' and 'Subscription'. */
export const APPLY_COUPON_FAILED = 'Failed to apply coupon';
export const APPLY_COUPON_EXCEPTION = 'An unexpected error occurred while applying the coupon';
export const REDEEM_COUPON_FAILED = 'Failed to redeem coupon code.';
export const REDEEM_COUPON_EXCEPTION = 'An error occurred while redeeming the coupon code.';
export const CREATE_FAILED = 'Failed to create subscription';
export const CREATE_EXCEPTION = 'An unexpected error occurred';
export const STATUS_FETCH_FAILED = 'Failed to fetch subscription status.';
export const CANCEL_FAILED = 'Failed to cancel subscription.';
export const CANCEL_EXCEPTION = 'Failed to cancel subscription. Please try again.';

/** Not in the spec: the server has a Stripe secret key but no publishable key, so no card form can load. */
export const CARD_FORM_UNAVAILABLE = 'Card payments are not available on this server right now. Coupons still work.';
/** Not in the spec: Stripe.js could not be loaded (blocked or offline). */
export const STRIPE_LOAD_FAILED = 'The payment system could not be loaded. Please check your connection and try again.';
