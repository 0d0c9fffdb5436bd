import type Router from '@koa/router';
import {
  DEFAULT_PROJECT_KIND,
  MISSING_CORE_IDEA_MESSAGE,
  NotFoundError,
  publishSourceFrom,
  readModels,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  SHARE_TOKEN_PATTERN,
  shareLinkDecider,
  shareLinksStreamId,
  type PublishPreviewResponse,
  type SharedProjectResponse,
  type ShareLinksResponse,
} from '@vis/domain';
import { readStreamState, shareTokenOpens, type EventStore } from '@vis/infrastructure';
import type { ProjectDocument } from '@vis/projections';
import { awaitMinPosition } from '../read-your-writes.ts';
import { ownProjectReader, type ProjectReadDeps } from './own-project.ts';

/** The listing's description as publishing would write it: the project's refined one, else its core idea. */
const previewOf = (doc: ProjectDocument) => {
  const source = publishSourceFrom(doc);
  return { source, description: source.description?.trim() || source.coreIdea.trim() };
};

/**
 * Publishing's reads (issue 26): the publish dialog's preview, the owner's private links, and the page a link's
 * holder sees. A link is read from the project's link stream itself, so a revoked link answers 404 at once.
 */
export const projectShareRoutes = (router: Router, deps: ProjectReadDeps & { eventStore: EventStore }) => {
  const ownProject = ownProjectReader(deps);
  const links = async (projectId: string) => (await readStreamState(deps.eventStore, shareLinkDecider, shareLinksStreamId(projectId))).state.links;

  router.get('/api/projects/:id/publish-preview', async (ctx) => {
    const { source, description } = previewOf(await ownProject(ctx, ctx.params.id!));
    ctx.body = {
      success: true,
      title: source.title,
      description,
      reason: source.coreIdea.trim() === '' ? MISSING_CORE_IDEA_MESSAGE : null,
    } satisfies PublishPreviewResponse;
  });

  router.get('/api/projects/:id/share-links', async (ctx) => {
    const doc = await ownProject(ctx, ctx.params.id!);
    // A link made before tokens were hashed is known by its token, which the owner could always copy again.
    const live = [...(await links(doc._id))].map(([id, link]) => ({ id, createdAt: link.createdAt, ...(link.legacy ? { token: id } : {}) }));
    ctx.body = { success: true, links: live } satisfies ShareLinksResponse;
  });

  // Public: the token is the permission. Anything that is not a live link of an existing project is one 404.
  router.get('/api/shared/:projectId/:token', async (ctx) => {
    const { projectId, token } = ctx.params as { projectId: string; token: string };
    const missing = () => new NotFoundError('link', '', SHARE_LINK_NOT_FOUND_MESSAGE);
    if (!SHARE_TOKEN_PATTERN.test(token) || projectId.length > 200) throw missing();
    if (!shareTokenOpens(token, await links(projectId))) throw missing();
    await awaitMinPosition(ctx, deps.progress, readModels.projects, deps.readYourWritesTimeoutMs);
    const doc = await deps.documentStore.findOne<ProjectDocument>(deps.progress.collectionFor(readModels.projects), { _id: projectId });
    if (!doc) throw missing();
    const { source, description } = previewOf(doc);
    ctx.body = {
      success: true,
      project: {
        name: doc.name,
        kind: doc.kind ?? DEFAULT_PROJECT_KIND,
        title: source.title,
        description,
        coreIdea: source.coreIdea,
        viralTriggers: source.viralTriggers,
        techFramework: source.techFramework,
        sustainability: source.sustainability,
        updatedAt: doc.updatedAt,
      },
    } satisfies SharedProjectResponse;
  });
};
