import type Router from '@koa/router';
import { NotFoundError } from '@vis/domain';
import { actorOf, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';
import type { ProjectDocument } from '@vis/projections';
import { awaitMinPosition } from '../read-your-writes.ts';
import { toProjectResponse } from './project-response.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
}

export const projectQueryRoutes = (router: Router, { documentStore, progress, readYourWritesTimeoutMs }: Deps) => {
  router.get('/api/projects/:id', async (ctx) => {
    await awaitMinPosition(ctx, progress, 'projects', readYourWritesTimeoutMs);
    const id = ctx.params.id!;
    const doc = await documentStore.findOne<ProjectDocument>(progress.collectionFor('projects'), { _id: id });
    // Another owner's project is answered exactly like a missing one.
    if (!doc || doc.ownerId !== actorOf(ctx)) throw new NotFoundError('project', id, 'Failed to load project');
    ctx.body = toProjectResponse(doc);
  });
};
