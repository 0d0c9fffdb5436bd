import type Router from '@koa/router';
import { exportProject, NotFoundError } from '@vis/domain';
import { actorOf, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';
import type { ProjectDocument, ProjectSummaryDocument } from '@vis/projections';
import type { Context } from 'koa';
import { awaitMinPosition } from '../read-your-writes.ts';
import { exportFileName, toProjectListItem, toProjectResponse, toStagesResponse } from './project-response.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
}

const MAX_PROJECTS_LISTED = 200;

export const projectQueryRoutes = (router: Router, { documentStore, progress, readYourWritesTimeoutMs }: Deps) => {
  /** The caller's own project, or 404: another owner's project is answered exactly like a missing one. */
  const ownProject = async (ctx: Context, id: string) => {
    await awaitMinPosition(ctx, progress, 'projects', readYourWritesTimeoutMs);
    const doc = await documentStore.findOne<ProjectDocument>(progress.collectionFor('projects'), { _id: id });
    if (!doc || doc.ownerId !== actorOf(ctx)) throw new NotFoundError('project', id, 'Failed to load project');
    return doc;
  };

  router.get('/api/projects', async (ctx) => {
    await awaitMinPosition(ctx, progress, 'project_summaries', readYourWritesTimeoutMs);
    const summaries = await documentStore.find<ProjectSummaryDocument>(
      progress.collectionFor('project_summaries'),
      { ownerId: actorOf(ctx) },
      { sort: { updatedAt: -1 }, limit: MAX_PROJECTS_LISTED },
    );
    ctx.body = { success: true, projects: summaries.map(toProjectListItem) };
  });

  router.get('/api/projects/:id', async (ctx) => {
    ctx.body = toProjectResponse(await ownProject(ctx, ctx.params.id!));
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
};
