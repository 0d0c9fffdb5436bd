import type Router from '@koa/router';
import { readModels, STAGE_NUMBERS, STAGE_TITLES, type FeedbackListResponse, type StageFunnelResponse } from '@vis/domain';
import { operatorsOnly, type DocumentStore, type OperatorAccess, type ProjectionProgress } from '@vis/infrastructure';
import type { FeedbackDocument } from '@vis/projections';
import { awaitMinPosition } from '../read-your-writes.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  operators: OperatorAccess;
  readYourWritesTimeoutMs: number;
}

const MAX_PAGE = 200;

/** What analysts and whoever triages feedback read; not for the public, so guarded like the operators' API. */
export const analyticsRoutes = (router: Router, { documentStore, progress, operators, readYourWritesTimeoutMs }: Deps) => {
  const guard = operatorsOnly(operators);
  router.get('/api/analytics/feedback', guard, async (ctx) => {
    await awaitMinPosition(ctx, progress, readModels.feedback, readYourWritesTimeoutMs);
    const type = ctx.query.type;
    const feedback = await documentStore.find<FeedbackDocument>(
      progress.collectionFor(readModels.feedback),
      typeof type === 'string' ? { type } : {},
      {
        sort: { submittedAt: -1 },
        limit: MAX_PAGE,
      },
    );
    ctx.body = {
      success: true,
      feedback: feedback.map(({ _id, _position, _topics, _streams, ...item }) => ({ id: _id, ...item })),
    } satisfies FeedbackListResponse;
  });
};

/** Spec stages 1–6: how many projects reached each, and how many left it with skipped validation. */
export const stageFunnelRoutes = (router: Router, { documentStore, progress, operators, readYourWritesTimeoutMs }: Deps) => {
  router.get('/api/analytics/stage-funnel', operatorsOnly(operators), async (ctx) => {
    await awaitMinPosition(ctx, progress, readModels.stageFunnel, readYourWritesTimeoutMs);
    const collection = progress.collectionFor(readModels.stageFunnel);
    const stages = await Promise.all(
      STAGE_NUMBERS.map(async (stage) => ({
        stage,
        title: STAGE_TITLES[stage],
        reached: await documentStore.count(collection, { reachedStage: { $gte: stage } }),
        leftWithSkippedValidation: await documentStore.count(collection, { skippedFrom: stage }),
      })),
    );
    ctx.body = { success: true, projects: await documentStore.count(collection), stages } satisfies StageFunnelResponse;
  });
};
