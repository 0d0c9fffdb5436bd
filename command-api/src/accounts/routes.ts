import type Router from '@koa/router';
import {
  COUPON_REDEEMED_MESSAGE,
  INVALID_COUPON_MESSAGE,
  issueCouponSchema,
  MAX_ID_LENGTH,
  UNLIMITED_COUPON_REDEEMED_MESSAGE,
  ValidationError,
  type RedeemCouponResponse,
} from '@vis/domain';
import { actorOf, describeWait, operatorsOnly, parseInput, RateLimitedError, type Abuse, type OperatorAccess } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import { commandMetadata } from '../command-context.ts';
import type { Accounts } from './accounts.ts';

interface Deps {
  accounts: Accounts;
  clock: () => Date;
  newId: () => string;
  operators: OperatorAccess;
  abuse: Abuse;
}

const TEN_MINUTES_MS = 10 * 60 * 1000;

/**
 * Wrong codes are limited per account and per client address, and over the limit every attempt is refused,
 * a right code included: otherwise guessing would only slow down, and a success would still tell.
 */
/**
 * Each redemption reserves one wrong-code attempt on the account and on the address before its code is looked
 * at, and gives it back when the code was not wrong: a burst of guesses in parallel passes no more than the
 * limit, where a check before and a count after let 15 of 40 through a limit of 10.
 */
const createCouponGuard = ({ limiter, limits }: Abuse) => {
  const rule = { name: 'wrong-coupons', limit: limits.wrongCouponsPer10Minutes, windowMs: TEN_MINUTES_MS };
  const release = (keys: readonly string[]) => Promise.all(keys.map((key) => limiter.release(rule, key)));
  return {
    /** The attempt's reservation; throws 429 (holding nothing) when either counter is full. */
    reserve: async (account: string, clientAddress: string) => {
      const keys = [account, clientAddress];
      const verdicts = await Promise.all(keys.map((key) => limiter.take(rule, key)));
      const refused = verdicts.filter((verdict) => !verdict.allowed);
      if (refused.length === 0) return { notWrong: () => release(keys) };
      await release(keys.filter((_, index) => verdicts[index]!.allowed));
      const retryAfterMs = Math.max(...refused.map((verdict) => verdict.retryAfterMs));
      throw new RateLimitedError(
        'Too many attempts',
        `Too many wrong coupon codes. Please try again in ${describeWait(retryAfterMs)}.`,
        retryAfterMs,
      );
    },
  };
};

const isWrongCode = (error: unknown) => error instanceof ValidationError && error.message === INVALID_COUPON_MESSAGE;

/** Missing becomes empty, so that the answer is the spec's 'Please enter a coupon code.' rather than a schema error. */
const couponBody = z.strictObject({ couponCode: z.string().max(MAX_ID_LENGTH).default('') });

export const accountRoutes = (router: Router, deps: Deps) => {
  const couponGuard = createCouponGuard(deps.abuse);
  /** Both of the spec's coupon calls (billing card and subscription page) redeem on the caller's own account. */
  const redeem = async (ctx: Context) => {
    const { couponCode } = parseInput(couponBody, ctx.request.body ?? {});
    const account = actorOf(ctx);
    const attempt = await couponGuard.reserve(account, ctx.ip);
    const result = await deps.accounts.redeemCoupon(account, couponCode, commandMetadata(ctx, deps)).catch(async (error: unknown) => {
      if (!isWrongCode(error)) await attempt.notWrong();
      throw error;
    });
    await attempt.notWrong();
    const unlimited = result.event?.data.kind === 'free_unlimited';
    ctx.body = {
      success: true,
      message: unlimited ? UNLIMITED_COUPON_REDEEMED_MESSAGE : COUPON_REDEEMED_MESSAGE,
      kind: result.event?.data.kind,
      points: result.event?.data.points,
      position: String(result.position),
    } satisfies RedeemCouponResponse;
  };
  router.post('/api/redeem-coupon', redeem);
  router.post('/api/subscription/redeem-coupon', redeem);

  /** The operators' way to issue coupons (`npm run coupons`): coupons are events, like everything else. */
  router.post('/api/ops/coupons', operatorsOnly(deps.operators), async (ctx) => {
    const data = parseInput(issueCouponSchema, ctx.request.body ?? {});
    const result = await deps.accounts.issueCoupon(data, { ...commandMetadata(ctx, deps), actorId: 'operator' });
    ctx.status = 201;
    ctx.body = { success: true, coupon: result.events[0]?.data, position: String(result.position) };
  });
};
