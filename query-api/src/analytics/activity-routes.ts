import type Router from '@koa/router';
import {
  AI_CALL_PROVIDERS,
  CHARGE_METHODS,
  readModels,
  type AiCallsResponse,
  type ChargeMethod,
  type ReadModelName,
  type SpendingResponse,
  type TopIdeasResponse,
} from '@vis/domain';
import { operatorsOnly, parseInput, type DocumentStore, type OperatorAccess, type ProjectionProgress } from '@vis/infrastructure';
import type { AiCallsDocument, CouponUse, MarketplaceListingDocument, OutcomeCounts, SpendingDocument } from '@vis/projections';
import type { Context } from 'koa';
import { z } from 'zod';
import { awaitMinPosition } from '../read-your-writes.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  operators: OperatorAccess;
  readYourWritesTimeoutMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEFAULT_ANALYTICS_RANGE_MS = 7 * DAY;
export const MAX_ANALYTICS_RANGE_DAYS = 90;
/** Up to this span the buckets are hours, beyond it days. */
const HOURLY_UP_TO = 2 * DAY;
export const TOP_IDEAS = 10;

const instantMessage = 'must be an ISO date-time such as 2026-01-31T00:00:00Z';
const instant = z.iso.datetime({ offset: true, message: instantMessage }).transform((text) => new Date(text));

const rangeQuery = z.strictObject({ from: instant.optional(), to: instant.optional() }).transform(({ from, to }, ctx) => {
  const end = to ?? new Date();
  const start = from ?? new Date(end.getTime() - DEFAULT_ANALYTICS_RANGE_MS);
  if (start.getTime() >= end.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be before to' });
    return z.NEVER;
  }
  if (end.getTime() - start.getTime() > MAX_ANALYTICS_RANGE_DAYS * DAY) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `must be at most ${MAX_ANALYTICS_RANGE_DAYS} days before to` });
    return z.NEVER;
  }
  return { from: start, to: end };
});

type Bucket = 'hour' | 'day';

/** The range's buckets, oldest first: each starts on a UTC hour or day, the first one at or before `from`. */
const bucketsOf = (from: Date, to: Date): { bucket: Bucket; starts: string[]; startOf: (hour: string) => string } => {
  const bucket: Bucket = to.getTime() - from.getTime() <= HOURLY_UP_TO ? 'hour' : 'day';
  const width = bucket === 'hour' ? HOUR : DAY;
  const floor = (time: number) => Math.floor(time / width) * width;
  const starts: string[] = [];
  for (let time = floor(from.getTime()); time < to.getTime(); time += width) starts.push(new Date(time).toISOString());
  return { bucket, starts, startOf: (hour) => new Date(floor(Date.parse(hour))).toISOString() };
};

const zeroCounts = <K extends string>(keys: readonly K[], zero: () => unknown) => Object.fromEntries(keys.map((key) => [key, zero()]));

/**
 * The hourly documents of a range, grouped into its buckets. The read models count whole hours, so the range
 * answered is whole too: it starts with its first bucket (`from` down to the hour or the day) and ends with `to`
 * up to the hour; both are in the answer.
 */
const hourlyDocuments = async <Doc extends { hour: string }>(
  ctx: Context,
  { documentStore, progress, readYourWritesTimeoutMs }: Deps,
  readModel: ReadModelName,
) => {
  const { from, to } = parseInput(rangeQuery, ctx.query);
  await awaitMinPosition(ctx, progress, readModel, readYourWritesTimeoutMs);
  const end = new Date(Math.ceil(to.getTime() / HOUR) * HOUR);
  const buckets = bucketsOf(from, end);
  const documents = await documentStore.find<Doc & { _id: string }>(
    progress.collectionFor(readModel),
    { hour: { $gte: buckets.starts[0], $lt: end.toISOString() } },
    { sort: { hour: 1 } },
  );
  const byBucket = new Map<string, Doc[]>(buckets.starts.map((start) => [start, []]));
  for (const document of documents) byBucket.get(buckets.startOf(document.hour))?.push(document);
  return { range: { from: buckets.starts[0]!, to: end.toISOString(), bucket: buckets.bucket }, byBucket };
};

const sumOutcomes = (into: Record<string, OutcomeCounts>, calls: AiCallsDocument['calls']) => {
  for (const [provider, counts] of Object.entries(calls)) {
    const sum = into[provider];
    if (!sum || !counts) continue;
    sum.succeeded += counts.succeeded;
    sum.failed += counts.failed;
  }
};

const sumMethods = (into: Record<ChargeMethod, number>, counts: Partial<Record<ChargeMethod, number>>) => {
  for (const method of CHARGE_METHODS) into[method] += counts[method] ?? 0;
};

const spendingFigures = (documents: readonly SpendingDocument[]) => {
  const coupons = documents.flatMap((doc) => Object.values(doc.coupons).filter((use): use is CouponUse => use !== undefined));
  return {
    pointsSpent: documents.reduce((sum, doc) => sum + doc.pointsSpent, 0),
    pointsGranted: documents.reduce((sum, doc) => sum + doc.pointsGranted, 0),
    couponsRedeemed: coupons.reduce((sum, use) => sum + use.redemptions, 0),
    couponPoints: coupons.reduce((sum, use) => sum + use.points, 0),
  };
};

/** AI calls, spending and the ideas people like: what operators watch (`/analytics`). */
export const activityRoutes = (router: Router, deps: Deps) => {
  const guard = operatorsOnly(deps.operators);

  router.get('/api/analytics/ai-calls', guard, async (ctx) => {
    const { range, byBucket } = await hourlyDocuments<AiCallsDocument>(ctx, deps, readModels.aiCalls);
    const newCounts = () => zeroCounts(AI_CALL_PROVIDERS, () => ({ succeeded: 0, failed: 0 })) as AiCallsResponse['totals'];
    const totals = newCounts();
    const failures: Record<string, number> = {};
    const buckets = [...byBucket].map(([start, documents]) => {
      const counts = newCounts();
      for (const doc of documents) {
        sumOutcomes(counts, doc.calls);
        sumOutcomes(totals, doc.calls);
        for (const [why, times] of Object.entries(doc.failures)) failures[why] = (failures[why] ?? 0) + (times ?? 0);
      }
      return { start, byProvider: counts };
    });
    ctx.body = { success: true, ...range, buckets, totals, failures } satisfies AiCallsResponse;
  });

  router.get('/api/analytics/spending', guard, async (ctx) => {
    const { range, byBucket } = await hourlyDocuments<SpendingDocument>(ctx, deps, readModels.spending);
    const all = [...byBucket.values()].flat();
    const charged = zeroCounts(CHARGE_METHODS, () => 0) as Record<ChargeMethod, number>;
    const refunded = zeroCounts(CHARGE_METHODS, () => 0) as Record<ChargeMethod, number>;
    const coupons = new Map<string, { code: string } & CouponUse>();
    for (const doc of all) {
      sumMethods(charged, doc.charged);
      sumMethods(refunded, doc.refunded);
      for (const [code, use] of Object.entries(doc.coupons)) {
        if (!use) continue;
        const sum = coupons.get(code) ?? { code, kind: use.kind, redemptions: 0, points: 0 };
        coupons.set(code, { ...sum, redemptions: sum.redemptions + use.redemptions, points: sum.points + use.points });
      }
    }
    ctx.body = {
      success: true,
      ...range,
      buckets: [...byBucket].map(([start, documents]) => ({ start, ...spendingFigures(documents) })),
      totals: {
        ...spendingFigures(all),
        charged,
        refunded,
        coupons: [...coupons.values()].sort((a, b) => b.redemptions - a.redemptions || a.code.localeCompare(b.code)),
      },
    } satisfies SpendingResponse;
  });

  router.get('/api/analytics/top-ideas', guard, async (ctx) => {
    parseInput(z.strictObject({}), ctx.query);
    await awaitMinPosition(ctx, deps.progress, readModels.marketplaceListings, deps.readYourWritesTimeoutMs);
    const collection = deps.progress.collectionFor(readModels.marketplaceListings);
    const top = async (field: 'likes' | 'views') => {
      const ideas = await deps.documentStore.find<MarketplaceListingDocument>(
        collection,
        { status: 'published', [field]: { $gt: 0 } },
        { sort: { [field]: -1, createdAt: -1 }, limit: TOP_IDEAS },
      );
      return ideas.map((idea) => ({ id: idea._id, title: idea.title, likes: idea.likes, views: idea.views, publishedAt: idea.createdAt }));
    };
    ctx.body = { success: true, mostLiked: await top('likes'), mostViewed: await top('views') } satisfies TopIdeasResponse;
  });
};
