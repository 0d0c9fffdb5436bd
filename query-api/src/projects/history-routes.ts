import type Router from '@koa/router';
import { readModels, type ProjectHistoryEntry, type ProjectHistoryResponse } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import type { ProjectHistoryDocument } from '@vis/projections';
import { z } from 'zod';
import { awaitMinPosition } from '../read-your-writes.ts';
import { ownProjectReader, type ProjectReadDeps } from './own-project.ts';

const READ_MODEL = readModels.projectHistory;
export const DEFAULT_HISTORY_PAGE = 50;
export const MAX_HISTORY_PAGE = 200;
const limitMessage = `must be a whole number from 1 to ${MAX_HISTORY_PAGE}`;
const cursorMessage = 'cursor: must be the X-Next-Cursor of an earlier page';

const historyQuery = z.strictObject({
  limit: z.coerce.number(limitMessage).int(limitMessage).min(1, limitMessage).max(MAX_HISTORY_PAGE, limitMessage).default(DEFAULT_HISTORY_PAGE),
  cursor: z
    .string(cursorMessage)
    .regex(/^\d{1,16}$/, cursorMessage)
    .optional(),
});

const toEntry = (doc: ProjectHistoryDocument): ProjectHistoryEntry => ({ id: doc._id, type: doc.type, at: doc.at, summary: doc.summary });

/**
 * The project's history, newest first, for the dashboard's Analytics. Entries do not know the project's
 * current owner (see the read model), so ownership is checked on the `projects` read model first. The cursor
 * is the last entry's global position; the next page's travels in `X-Next-Cursor`.
 */
export const projectHistoryRoutes = (router: Router, deps: ProjectReadDeps) => {
  const ownProject = ownProjectReader(deps);
  router.get('/api/projects/:id/history', async (ctx) => {
    const { limit, cursor } = parseInput(historyQuery, ctx.query);
    const project = await ownProject(ctx, ctx.params.id!);
    await awaitMinPosition(ctx, deps.progress, READ_MODEL, deps.readYourWritesTimeoutMs);
    const filter = { projectId: project._id, ...(cursor === undefined ? {} : { sequence: { $lt: Number(cursor) } }) };
    const docs = await deps.documentStore.find<ProjectHistoryDocument>(deps.progress.collectionFor(READ_MODEL), filter, {
      sort: { sequence: -1 },
      limit: limit + 1,
    });
    const page = docs.slice(0, limit);
    if (docs.length > limit) ctx.set('X-Next-Cursor', String(page.at(-1)!.sequence));
    ctx.body = { success: true, history: page.map(toEntry) } satisfies ProjectHistoryResponse;
  });
};
