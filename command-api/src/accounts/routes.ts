import type Router from '@koa/router';
import { COUPON_REDEEMED_MESSAGE, issueCouponSchema, MAX_ID_LENGTH, UNLIMITED_COUPON_REDEEMED_MESSAGE } from '@vis/domain';
import { actorOf, operatorsOnly, parseInput } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import { commandMetadata } from '../command-context.ts';
import type { Accounts } from './accounts.ts';

interface Deps {
  accounts: Accounts;
  clock: () => Date;
  newId: () => string;
  opsToken?: string;
}

/** Missing becomes empty, so that the answer is the spec's 'Please enter a coupon code.' rather than a schema error. */
const couponBody = z.strictObject({ couponCode: z.string().max(MAX_ID_LENGTH).default('') });

export const accountRoutes = (router: Router, deps: Deps) => {
  /** Both of the spec's coupon calls (billing card and subscription page) redeem on the caller's own account. */
  const redeem = async (ctx: Context) => {
    const { couponCode } = parseInput(couponBody, ctx.request.body ?? {});
    const result = await deps.accounts.redeemCoupon(actorOf(ctx), couponCode, commandMetadata(ctx, deps));
    const unlimited = result.event?.data.kind === 'free_unlimited';
    ctx.body = {
      success: true,
      message: unlimited ? UNLIMITED_COUPON_REDEEMED_MESSAGE : COUPON_REDEEMED_MESSAGE,
      kind: result.event?.data.kind,
      points: result.event?.data.points,
      position: String(result.position),
    };
  };
  router.post('/api/redeem-coupon', redeem);
  router.post('/api/subscription/redeem-coupon', redeem);

  /** The operators' way to issue coupons (`npm run coupons`): coupons are events, like everything else. */
  router.post('/api/ops/coupons', operatorsOnly(deps.opsToken), async (ctx) => {
    const data = parseInput(issueCouponSchema, ctx.request.body ?? {});
    const result = await deps.accounts.issueCoupon(data, { ...commandMetadata(ctx, deps), actorId: 'operator' });
    ctx.status = 201;
    ctx.body = { success: true, coupon: result.events[0]?.data, position: String(result.position) };
  });
};
