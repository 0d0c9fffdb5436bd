import type Router from '@koa/router';
import { operatorsOnly, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';
import type { FeedbackDocument } from '@vis/projections';
import { awaitMinPosition } from '../read-your-writes.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  opsToken?: string;
  readYourWritesTimeoutMs: number;
}

const MAX_PAGE = 200;

/** What analysts and whoever triages feedback read; not for the public, so guarded like the operators' API. */
export const analyticsRoutes = (router: Router, { documentStore, progress, opsToken, readYourWritesTimeoutMs }: Deps) => {
  const guard = operatorsOnly(opsToken);
  router.get('/api/analytics/feedback', guard, async (ctx) => {
    await awaitMinPosition(ctx, progress, 'feedback', readYourWritesTimeoutMs);
    const type = ctx.query.type;
    const feedback = await documentStore.find<FeedbackDocument>(progress.collectionFor('feedback'), typeof type === 'string' ? { type } : {}, {
      sort: { submittedAt: -1 },
      limit: MAX_PAGE,
    });
    ctx.body = { success: true, feedback: feedback.map(({ _id, _position, _topics, ...item }) => ({ id: _id, ...item })) };
  });
};
