/**
 * Business constants and texts for accounts, points, coupons and the subscription, from
 * spec/02-accounts-builder-marketplace.md (§1, §3, §5, §8, §9) and spec/01-guided-stages.md §9.
 */

/** Every new account, visitor or user, starts with these (spec 01 §9, spec 02 §1 "3 free plays"). */
export const FREE_PLAYS = 3;
/** Each AI request that is charged in points costs this many (spec 01 §9). */
export const POINTS_PER_AI_REQUEST = 1;
/** Granted with every paid subscription invoice (spec 01 §9, spec 02 §9). */
export const POINTS_PER_SUBSCRIPTION = 1000;
export const SUBSCRIPTION_PRICE_USD = 4;
/**
 * The most one coupon gives each account that redeems it. Not in the spec, which says nothing of coupons' values:
 * ten paid invoices' worth, so that a mistyped or malicious issue cannot mint a balance no one could spend.
 */
export const MAX_COUPON_POINTS = 10_000;
/** Under this many points the points card warns (spec 01 §9). */
export const LOW_POINTS_WARNING = 100;
/** The billing card hints 'Need more AI points?' under this many points when not subscribed (spec 02 §2.8). */
export const NEED_MORE_POINTS_BELOW = 3;
/** The points bar's maximum on the points card (spec 01 §9); the billing card uses 300 (spec 02 §9 gives both). */
export const POINTS_BAR_MAXIMUM = 1000;
export const BILLING_POINTS_BAR_MAXIMUM = 300;

export const SUBSCRIPTION_REQUIRED_TITLE = 'Subscription required';
export const FREE_ATTEMPTS_USED_MESSAGE = "You've used all your free attempts. Subscribe or use a coupon code to continue.";
export const NOT_ENOUGH_POINTS_TITLE = 'Not enough AI points';
export const NO_POINTS_MESSAGE = 'You have no points. Please subscribe to get more points.';
export const LOW_POINTS_MESSAGE = 'Your points are running low. Consider subscribing to get more.';
export const NEED_MORE_POINTS_HINT = 'Need more AI points?';

export const EMPTY_COUPON_MESSAGE = 'Please enter a coupon code.';
export const INVALID_COUPON_MESSAGE = 'Invalid coupon code';
export const COUPON_USED_UP_MESSAGE = 'This coupon code has already been used up';
export const COUPON_ALREADY_REDEEMED_MESSAGE = 'You have already redeemed this coupon';
export const COUPON_REDEEMED_MESSAGE = 'Coupon redeemed! Points have been added to your account.';
/** Not in the spec, which only has the points coupon's text: the public coupon gives access, not points. */
export const UNLIMITED_COUPON_REDEEMED_MESSAGE = 'Coupon redeemed! You now have unlimited access.';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const NO_ACTIVE_SUBSCRIPTION_MESSAGE = 'No active subscription found.';
/** Not in the spec: refusing a second paid subscription keeps a user from being billed twice. */
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription.';
/** Not in the spec: an unlimited coupon already gives everything a subscription would. */
export const ALREADY_UNLIMITED_MESSAGE = 'You already have unlimited access.';
