import { z } from 'zod';
import type { Command, Decider } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { userLine } from '../text.ts';
import { accountIdSchema } from './commands.ts';
import { COUPON_USED_UP_MESSAGE, EMPTY_COUPON_MESSAGE, INVALID_COUPON_MESSAGE, MAX_COUPON_POINTS } from './constants.ts';
import { COUPON_CODE_PATTERN, COUPON_KINDS, MAX_COUPON_CODE_LENGTH, normalizeCouponCode, type CouponKind, type CouponLookup } from './coupon-code.ts';

/**
 * The coupon aggregate, one stream per code: the operator issues coupons (a CLI command, and the public coupon
 * on first start) and every redemption is counted here, so that a limited coupon is used up exactly once its
 * limit is reached. The account stream decides whether an account may redeem; this one only counts.
 */
export const couponStreamId = (code: string) => `coupon-${normalizeCouponCode(code)}`;

export const issueCouponSchema = z.strictObject({
  code: userLine(MAX_COUPON_CODE_LENGTH * 2).default(''),
  kind: z.enum(COUPON_KINDS),
  points: z.number().int().positive().optional(),
  /** No limit when absent, as for the public coupon. */
  maxRedemptions: z.number().int().positive().optional(),
});

export const recordCouponRedemptionSchema = z.strictObject({
  code: userLine(MAX_COUPON_CODE_LENGTH * 2),
  accountId: accountIdSchema,
});

export type IssueCoupon = Command<'IssueCoupon', z.infer<typeof issueCouponSchema>>;
export type RecordCouponRedemption = Command<'RecordCouponRedemption', z.infer<typeof recordCouponRedemptionSchema>>;
export type CouponCommand = IssueCoupon | RecordCouponRedemption;

export const couponCommandSchemas = {
  IssueCoupon: issueCouponSchema,
  RecordCouponRedemption: recordCouponRedemptionSchema,
} satisfies Record<CouponCommand['type'], z.ZodType>;

export const couponIssuedSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** 0 for a free_unlimited coupon. */
  points: z.number().int().nonnegative(),
  maxRedemptions: z.number().int().positive().nullable(),
  issuedBy: z.string(),
  issuedAt: z.string(),
});

export const couponRedemptionRecordedSchema = z.object({
  code: z.string(),
  accountId: z.string(),
  /** Redemptions so far, this one included. */
  redemptions: z.number().int().positive(),
  recordedAt: z.string(),
});

export type CouponIssued = { type: 'CouponIssued'; data: z.infer<typeof couponIssuedSchema> };
export type CouponRedemptionRecorded = { type: 'CouponRedemptionRecorded'; data: z.infer<typeof couponRedemptionRecordedSchema> };
export type CouponEvent = CouponIssued | CouponRedemptionRecorded;

export const couponEventSchemas = {
  CouponIssued: couponIssuedSchema,
  CouponRedemptionRecorded: couponRedemptionRecordedSchema,
} satisfies { [T in CouponEvent['type']]: z.ZodType<Extract<CouponEvent, { type: T }>['data'], unknown> };

export type CouponState =
  | { status: 'none' }
  | {
      status: 'issued';
      code: string;
      kind: CouponKind;
      points: number;
      maxRedemptions: number | null;
      /** Accounts that redeemed it: a retried recording must not use up a second place. */
      redeemedBy: ReadonlySet<string>;
    };

export const initialCouponState = (): CouponState => ({ status: 'none' });

/** The coupon as RedeemCoupon takes it, or null when no coupon has this code. */
export const couponLookupOf = (state: CouponState): CouponLookup | null => {
  if (state.status !== 'issued') return null;
  return {
    code: state.code,
    kind: state.kind,
    ...(state.kind === 'points' ? { points: state.points } : {}),
    ...(state.maxRedemptions === null ? {} : { maxRedemptions: state.maxRedemptions }),
    redemptionsSoFar: state.redeemedBy.size,
  };
};

const issueCoupon = ({ data, metadata }: IssueCoupon, state: CouponState): CouponEvent[] => {
  const code = normalizeCouponCode(data.code);
  if (code === '') throw new ValidationError('code', EMPTY_COUPON_MESSAGE);
  if (code.length > MAX_COUPON_CODE_LENGTH || !COUPON_CODE_PATTERN.test(code)) {
    throw new ValidationError('code', `A coupon code has at most ${MAX_COUPON_CODE_LENGTH} letters, digits, '-' or '_'`);
  }
  if (state.status !== 'none') throw new ConflictError(`Coupon ${code} already exists`);
  const points = data.points ?? 0;
  if (data.kind === 'points' && !(Number.isInteger(points) && points > 0)) {
    throw new ValidationError('points', 'A points coupon needs a positive whole number of points');
  }
  if (points > MAX_COUPON_POINTS) {
    throw new ValidationError('points', `A coupon gives at most ${MAX_COUPON_POINTS.toLocaleString('en-US')} points`);
  }
  if (data.kind === 'free_unlimited' && points !== 0) throw new ValidationError('points', 'An unlimited coupon carries no points');
  const maxRedemptions = data.maxRedemptions ?? null;
  if (maxRedemptions !== null && !(Number.isInteger(maxRedemptions) && maxRedemptions > 0)) {
    throw new ValidationError('maxRedemptions', 'The redemption limit must be a positive whole number');
  }
  return [
    {
      type: 'CouponIssued',
      data: { code, kind: data.kind, points, maxRedemptions, issuedBy: metadata.actorId, issuedAt: metadata.now },
    },
  ];
};

const recordCouponRedemption = ({ data, metadata }: RecordCouponRedemption, state: CouponState): CouponEvent[] => {
  if (state.status !== 'issued') throw new ValidationError('couponCode', INVALID_COUPON_MESSAGE);
  if (state.redeemedBy.has(data.accountId)) return [];
  if (state.maxRedemptions !== null && state.redeemedBy.size >= state.maxRedemptions) {
    throw new ValidationError('couponCode', COUPON_USED_UP_MESSAGE);
  }
  return [
    {
      type: 'CouponRedemptionRecorded',
      data: { code: state.code, accountId: data.accountId, redemptions: state.redeemedBy.size + 1, recordedAt: metadata.now },
    },
  ];
};

export const decideCoupon = (command: CouponCommand, state: CouponState): CouponEvent[] => {
  switch (command.type) {
    case 'IssueCoupon':
      return issueCoupon(command, state);
    case 'RecordCouponRedemption':
      return recordCouponRedemption(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

export const evolveCoupon = (state: CouponState, event: CouponEvent): CouponState => {
  switch (event.type) {
    case 'CouponIssued':
      return {
        status: 'issued',
        code: event.data.code,
        kind: event.data.kind,
        points: event.data.points,
        maxRedemptions: event.data.maxRedemptions,
        redeemedBy: new Set(),
      };
    case 'CouponRedemptionRecorded':
      // A redemption before the issue cannot happen in a well-formed stream; folding ignores it.
      if (state.status !== 'issued') return state;
      return { ...state, redeemedBy: new Set(state.redeemedBy).add(event.data.accountId) };
    default: {
      const unhandled: never = event;
      throw new Error(`unknown event ${(unhandled as { type: string }).type}`);
    }
  }
};

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  decide: decideCoupon,
  evolve: evolveCoupon,
  initialState: initialCouponState,
};
