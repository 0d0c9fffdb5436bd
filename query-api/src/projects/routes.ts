import type Router from '@koa/router';
import { exportProject, readModels, type ProjectListResponse, type TrashResponse } from '@vis/domain';
import { actorOf, type EventStore } from '@vis/infrastructure';
import { createStreamFolds, type ProjectDocument, type ProjectSummaryDocument } from '@vis/projections';
import { awaitMinPosition } from '../read-your-writes.ts';
import { createResponseCache, type MeasuredAnswer } from '../response-cache.ts';
import { projectHistoryRoutes } from './history-routes.ts';
import { ownProjectReader, type ProjectReadDeps } from './own-project.ts';
import { exportFileName, toProjectListItem, toProjectResponse, toStagesResponse } from './project-response.ts';
import { projectShareRoutes } from './share-routes.ts';
import { projectTimeTravelRoutes } from './time-travel-routes.ts';

const MAX_PROJECTS_LISTED = 200;

/** `GET /api/projects/:id`'s 200 for one version of a project: its ETag, text and Content-Length. */
interface ProjectAnswer extends MeasuredAnswer {
  collection: string;
  position: number;
  etag: string;
}

export const projectQueryRoutes = (
  router: Router,
  { documentStore, progress, readYourWritesTimeoutMs, eventStore, clock }: ProjectReadDeps & { eventStore: EventStore; clock: () => Date },
) => {
  const ownProject = ownProjectReader({ documentStore, progress, readYourWritesTimeoutMs });
  const responses = createResponseCache();
  // One process's reads of projects' pasts share checkpoints and take turns (see createStreamFolds).
  const folds = createStreamFolds(eventStore);
  projectHistoryRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, folds });
  projectTimeTravelRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, folds });
  projectShareRoutes(router, { documentStore, progress, readYourWritesTimeoutMs, eventStore });

  router.get('/api/projects', async (ctx) => {
    await awaitMinPosition(ctx, progress, readModels.projectSummaries, readYourWritesTimeoutMs);
    const summaries = await documentStore.find<ProjectSummaryDocument>(
      progress.collectionFor(readModels.projectSummaries),
      { ownerId: actorOf(ctx), deletedAt: { $exists: false } },
      // Newest first by creation, not by last change: a rename or an edit must not move a row under the cursor
      // (a walk deleted the wrong project when the list re-sorted after a rename).
      { sort: { createdAt: -1, _id: 1 }, limit: MAX_PROJECTS_LISTED },
    );
    ctx.body = { success: true, projects: summaries.map(toProjectListItem) } satisfies ProjectListResponse;
  });

  router.get('/api/trash', async (ctx) => {
    await awaitMinPosition(ctx, progress, readModels.projectSummaries, readYourWritesTimeoutMs);
    const deleted = await documentStore.find<ProjectSummaryDocument>(
      progress.collectionFor(readModels.projectSummaries),
      // Past its time a project is gone for good: the domain refuses to restore it, so the trash does not list it.
      { ownerId: actorOf(ctx), deletedAt: { $exists: true }, restorableUntil: { $gt: clock().toISOString() } },
      { sort: { deletedAt: -1 }, limit: MAX_PROJECTS_LISTED },
    );
    ctx.body = {
      success: true,
      projects: deleted.map((doc) => ({ ...toProjectListItem(doc), deletedAt: doc.deletedAt!, restorableUntil: doc.restorableUntil! })),
    } satisfies TrashResponse;
  });

  // The document's position names this version of it exactly, and the collection the code that built it: a page
  // refetching after a change it caused elsewhere (another tab, a live update) gets 304 when nothing moved.
  // Given only after the ownership check, so an ETag never tells a stranger anything. The answer stays
  // `no-store` like every API answer (a project is private; no browser or proxy keeps it on disk): the client
  // keeps its own copy in memory and sends If-None-Match itself.
  const etagOf = (collection: string, doc: ProjectDocument) => `"${collection}.${doc._position}"`;
  // The embedded store hands out one shared, read-only object per stored version of a document (a new one once
  // its bytes change), so the answer is first looked up beside that object, with no key to build; the response
  // cache, keyed by id and position, serves a store that parses afresh. Checked against the collection and the
  // position all the same: an answer is never given for another version than the one read.
  const answers = new WeakMap<ProjectDocument, ProjectAnswer>();
  const answerOf = (collection: string, doc: ProjectDocument): ProjectAnswer => {
    const known = answers.get(doc);
    if (known !== undefined && known.collection === collection && known.position === doc._position) return known;
    const measured = responses.measured(`${collection}/${doc._id}`, doc._position, () => toProjectResponse(doc));
    const answer = { collection, position: doc._position, etag: etagOf(collection, doc), json: measured.json, length: measured.length };
    answers.set(doc, answer);
    return answer;
  };

  router.get('/api/projects/:id', async (ctx) => {
    const doc = await ownProject(ctx, ctx.params.id!);
    const collection = progress.collectionFor(readModels.projects);
    const answer = answerOf(collection, doc);
    ctx.etag = answer.etag;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'json';
    ctx.body = answer.json;
  });

  router.get('/api/projects/:id/stages', async (ctx) => {
    ctx.body = toStagesResponse(await ownProject(ctx, ctx.params.id!));
  });

  router.get('/api/projects/:id/export', async (ctx) => {
    const doc = await ownProject(ctx, ctx.params.id!);
    ctx.attachment(exportFileName(doc.name));
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(exportProject(doc), null, 2);
  });

  return {
    /**
     * The 200 answer `GET /api/projects/:id` gives `actor` (its ETag and body, the route's text, with
     * its Content-Length measured once per version of the project), or
     * undefined when the project is missing or someone else's: the route then answers (404, the same for both).
     * For the app's shortcut, which decides itself what X-Min-Position and If-None-Match ask (see `app.shortcut`).
     */
    ownProjectAnswer: async (id: string, actor: string) => {
      const collection = progress.collectionFor(readModels.projects);
      const doc = await documentStore.findOne<ProjectDocument>(collection, { _id: id });
      return doc && doc.ownerId === actor ? answerOf(collection, doc) : undefined;
    },
  };
};
