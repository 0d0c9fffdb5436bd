import { NotFoundError, readModels } from '@vis/domain';
import { actorOf, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';
import type { ProjectDocument } from '@vis/projections';
import type { Context } from 'koa';
import { awaitMinPosition } from '../read-your-writes.ts';

export interface ProjectReadDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
}

/** The caller's own project, or 404: another owner's project is answered exactly like a missing one. */
export const ownProjectReader =
  ({ documentStore, progress, readYourWritesTimeoutMs }: ProjectReadDeps) =>
  async (ctx: Context, id: string) => {
    await awaitMinPosition(ctx, progress, readModels.projects, readYourWritesTimeoutMs);
    const doc = await documentStore.findOne<ProjectDocument>(progress.collectionFor(readModels.projects), { _id: id });
    if (!doc || doc.ownerId !== actorOf(ctx)) throw new NotFoundError('project', id, 'Failed to load project');
    return doc;
  };
