import type Router from '@koa/router';
import { HISTORY_KINDS, projectStreamId, readModels, type HistoryKind, type ProjectHistoryResponse } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import {
  HISTORY_KEYED_BY_PROJECT_SINCE,
  historyPageRange,
  projectChangesAt,
  toHistoryEntry,
  type ProjectHistoryDocument,
  type StreamFolds,
} from '@vis/projections';
import { z } from 'zod';
import { awaitMinPosition } from '../read-your-writes.ts';
import { ownProjectReader, type ProjectReadDeps } from './own-project.ts';
import { answerFoldsBusy } from './time-travel-routes.ts';

const READ_MODEL = readModels.projectHistory;
export const DEFAULT_HISTORY_PAGE = 50;
export const MAX_HISTORY_PAGE = 200;
const limitMessage = `must be a whole number from 1 to ${MAX_HISTORY_PAGE}`;
const cursorMessage = 'cursor: must be the X-Next-Cursor of an earlier page';
const kindMessage = `must be one or more of ${HISTORY_KINDS.join(', ')}, separated by commas`;

const historyQuery = z.strictObject({
  limit: z.coerce.number(limitMessage).int(limitMessage).min(1, limitMessage).max(MAX_HISTORY_PAGE, limitMessage).default(DEFAULT_HISTORY_PAGE),
  cursor: z
    .string(cursorMessage)
    .regex(/^\d{1,16}$/, cursorMessage)
    .optional(),
  kind: z
    .string(kindMessage)
    .transform((text) => [...new Set(text.split(',').map((kind) => kind.trim()))])
    .refine((kinds): kinds is HistoryKind[] => kinds.every((kind) => (HISTORY_KINDS as readonly string[]).includes(kind)), kindMessage)
    .optional(),
});

export type ProjectHistoryDeps = ProjectReadDeps & { folds: StreamFolds };

/**
 * The project's history, newest first, for the dashboard's Analytics and analysts; `?kind=` keeps some kinds
 * (comma-separated). Entries do not know the project's current owner (see the read model), so ownership is
 * checked on the `projects` read model first. The cursor is the last entry's global position; the next page's
 * travels in `X-Next-Cursor`.
 *
 * What each entry changed is not in the read model (a projection sees one entry at a time, never the project
 * before its event): it is folded from the project's stream with the domain's `evolveProject`, up to the
 * page's newest entry, from the newest checkpoint before its oldest (see createStreamFolds). An AI suggestions
 * entry also says what became of each suggestion (accepted, edited, ignored), folded to the stream's end.
 */
export const projectHistoryRoutes = (router: Router, deps: ProjectHistoryDeps) => {
  const ownProject = ownProjectReader(deps);
  router.get('/api/projects/:id/history', answerFoldsBusy, async (ctx) => {
    const { limit, cursor, kind } = parseInput(historyQuery, ctx.query);
    const project = await ownProject(ctx, ctx.params.id!);
    await awaitMinPosition(ctx, deps.progress, READ_MODEL, deps.readYourWritesTimeoutMs);
    const before = cursor === undefined ? undefined : Number(cursor);
    const ofKind = kind === undefined ? {} : { kind: { $in: kind } };
    const collection = deps.progress.collectionFor(READ_MODEL);
    // From v4 a page is a range of `_id` read from its end (historyEntryId): only this project's entries, only as
    // many as the page. A collection built by an earlier version (serving while v4 builds beside it, once) is
    // keyed by event id: it is read as before, by filter and sort, which reads the whole collection.
    const keyed = (deps.progress.status(READ_MODEL)?.version ?? HISTORY_KEYED_BY_PROJECT_SINCE) >= HISTORY_KEYED_BY_PROJECT_SINCE;
    const docs = keyed
      ? await deps.documentStore.find<ProjectHistoryDocument>(
          collection,
          { _id: historyPageRange(project._id, before), projectId: project._id, ...ofKind },
          { sort: { _id: -1 }, limit: limit + 1 },
        )
      : (
          await deps.documentStore.find<ProjectHistoryDocument>(
            collection,
            { projectId: project._id, ...(before === undefined ? {} : { sequence: { $lt: before } }), ...ofKind },
            { sort: { sequence: -1 }, limit: limit + 1 },
          )
        ).map((doc) => ({ ...doc, eventId: doc._id }));
    const page = docs.slice(0, limit);
    if (docs.length > limit) ctx.set('X-Next-Cursor', String(page.at(-1)!.sequence));
    const streamId = projectStreamId(project._id);
    const own = page.filter((doc) => doc.streamId === streamId);
    const { changes, suggestions } = await projectChangesAt(
      deps.folds,
      project._id,
      own.map((doc) => doc.revision),
      own.filter((doc) => doc.type === 'AiSuggestionsGenerated').map((doc) => doc.revision),
    );
    ctx.body = {
      success: true,
      history: page.map((doc) => {
        const fromProject = doc.streamId === streamId;
        const entry = toHistoryEntry(doc, (fromProject && changes.get(doc.revision)) || []);
        const outcomes = fromProject ? suggestions.get(doc.revision) : undefined;
        return outcomes ? { ...entry, suggestions: outcomes } : entry;
      }),
    } satisfies ProjectHistoryResponse;
  });
};
