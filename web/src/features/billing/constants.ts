import type { BILLING_POINTS_BAR_MAXIMUM, NEED_MORE_POINTS_HINT } from '@vis/domain';

// The domain's values, typed against them so a change there fails the typecheck here; the browser bundle does not
// load the domain package for two values. When the hint shows is the server's answer (`needsMorePoints`).

/** The billing card's points bar tops out here, and is capped at 100% above it (spec 02 §9). */
export const BILLING_POINTS_MAX: typeof BILLING_POINTS_BAR_MAXIMUM = 300;
export const NEED_MORE_POINTS_TEXT: typeof NEED_MORE_POINTS_HINT = 'Need more AI points?';
