import { z } from 'zod';
import { userLine } from '../text.ts';

/** `free_unlimited` gives unlimited AI use (the public coupon); `points` adds points to the balance. */
export const COUPON_KINDS = ['free_unlimited', 'points'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const MAX_COUPON_CODE_LENGTH = 64;
/** Codes end up in stream names (`coupon-<CODE>`), so they keep to characters that need no escaping. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** Codes compare case-insensitively after trimming: 'viral2024 ' and 'VIRAL2024' are one coupon. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/**
 * A coupon as the HTTP layer finds it in the coupon aggregate and hands it to RedeemCoupon: the account decides
 * alone whether it may redeem, from this snapshot, without reading another stream.
 */
export const couponLookupSchema = z.strictObject({
  code: userLine(MAX_COUPON_CODE_LENGTH),
  kind: z.enum(COUPON_KINDS),
  points: z.number().int().positive().optional(),
  maxRedemptions: z.number().int().positive().optional(),
  redemptionsSoFar: z.number().int().nonnegative().optional(),
});
export type CouponLookup = z.infer<typeof couponLookupSchema>;

export const isUsedUp = (coupon: CouponLookup): boolean =>
  coupon.maxRedemptions !== undefined && (coupon.redemptionsSoFar ?? 0) >= coupon.maxRedemptions;
