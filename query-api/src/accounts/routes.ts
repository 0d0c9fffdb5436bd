import type Router from '@koa/router';
import {
  accessLevelOf,
  needsMorePoints,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NotFoundError,
  planOf,
  readModels,
  subscriptionStatusOf,
  type AuthUserResponse,
  type PointsResponse,
  type PublicCouponResponse,
  type SubscriptionDetailsResponse,
  type SubscriptionStatusBody,
} from '@vis/domain';
import { actorOf, isOperatorRequest, NOBODY, type DocumentStore, type OperatorAccess, type ProjectionProgress } from '@vis/infrastructure';
import { emptyBalance, type BalanceDocument } from '@vis/projections';
import type { Context } from 'koa';
import { awaitMinPosition } from '../read-your-writes.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
  /** The coupon the landing page advertises (spec 01 §2: "a hint about a public coupon code"). */
  publicCouponCode: string;
  /** The per-address limit on visitors' AI (0: none), which the landing page's promise names. */
  visitorAiPerHour: number;
  /** Whether the caller may use the operators' screens: the same check their endpoints make. */
  operators: OperatorAccess;
}

type Balance = Omit<BalanceDocument, '_topics' | '_position'>;

/** The spec's user shape (spec 02 §3): 'Free' until a subscription is paid, the account's status after. */
const subscriptionStatusLabel = (balance: Balance): AuthUserResponse['subscriptionStatus'] =>
  balance.subscriptionStatus === 'none' ? 'Free' : balance.subscriptionStatus;

const facts = (balance: Balance) => ({
  ...balance,
  subscription: { status: balance.subscriptionStatus, cancelAtPeriodEnd: balance.cancelAtPeriodEnd, currentPeriodEnd: balance.currentPeriodEnd },
});

/**
 * The caller's own account, read from the balances read model: a session can only ever name its own account,
 * so there is no id in these paths to guess. An account that has done nothing yet reads as a fresh one.
 */
export const accountQueryRoutes = (
  router: Router,
  { documentStore, progress, readYourWritesTimeoutMs, publicCouponCode, operators, visitorAiPerHour }: Deps,
) => {
  const ownBalance = async (ctx: Context): Promise<Balance> => {
    await awaitMinPosition(ctx, progress, readModels.balances, readYourWritesTimeoutMs);
    const accountId = actorOf(ctx);
    if (accountId === NOBODY) return emptyBalance(accountId);
    return (await documentStore.findOne<BalanceDocument>(progress.collectionFor(readModels.balances), { _id: accountId })) ?? emptyBalance(accountId);
  };

  router.get('/api/auth/user', async (ctx) => {
    const balance = await ownBalance(ctx);
    const isAuthenticated = balance._id.startsWith('user-');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      id: isAuthenticated ? balance._id.slice('user-'.length) : null,
      isAuthenticated,
      email: balance.email,
      username: balance.email,
      displayName: balance.displayName,
      profileImageUrl: balance.profileImageUrl,
      subscriptionId: balance.subscriptionId,
      subscriptionStatus: subscriptionStatusLabel(balance),
      subscriptionExpiresAt: balance.currentPeriodEnd === null ? null : new Date(balance.currentPeriodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: balance.cancelAtPeriodEnd,
      accessLevel: accessLevelOf(facts(balance)),
      plan: planOf(facts(balance)),
      needsMorePoints: needsMorePoints(facts(balance)),
      aiPoints: balance.points,
      remainingFreeUses: balance.freePlaysLeft,
      isOperator: await isOperatorRequest(ctx.req, operators),
    } satisfies AuthUserResponse;
  });

  const points = async (ctx: Context) => {
    const balance = await ownBalance(ctx);
    ctx.body = { success: true, points: balance.points, plan: planOf(facts(balance)) } satisfies PointsResponse;
  };
  router.get('/api/user-points', points);
  router.get('/api/user/points', points);

  router.get('/api/subscription/status', async (ctx) => {
    const balance = facts(await ownBalance(ctx));
    ctx.body = { success: true, ...subscriptionStatusOf(balance), plan: planOf(balance) } satisfies SubscriptionStatusBody;
  });

  router.get('/api/subscription/details', async (ctx) => {
    const balance = await ownBalance(ctx);
    if (balance.subscriptionId === null) throw new NotFoundError('subscription', '', NO_ACTIVE_SUBSCRIPTION_MESSAGE);
    ctx.body = {
      success: true,
      subscription: {
        id: balance.subscriptionId,
        status: balance.subscriptionStatus,
        currentPeriodEnd: balance.currentPeriodEnd,
        cancelAtPeriodEnd: balance.cancelAtPeriodEnd,
      },
    } satisfies SubscriptionDetailsResponse;
  });

  router.get('/api/public-coupon', (ctx) => {
    ctx.body = { success: true, code: publicCouponCode, visitorAiPerHour } satisfies PublicCouponResponse;
  });
};
