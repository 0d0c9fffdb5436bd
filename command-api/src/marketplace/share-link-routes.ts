import type Router from '@koa/router';
import {
  projectDecider,
  projectStreamId,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  shareLinkDecider,
  shareLinksStreamId,
  NotFoundError,
  type CommandResponse,
  type CommandMetadata,
  type CreateShareLinkResponse,
  type ShareLinkCommand,
} from '@vis/domain';
import { drawShareToken, handleCommand, hashShareToken, parseInput, readStreamState, type EventStore } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import { commandMetadata } from '../command-context.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  /** The server's secret a link's token is drawn with (share-tokens.ts). */
  tokenSecret: string;
}

const noBody = z.strictObject({});

/**
 * A project's private read-only links (issue 26): made and revoked by the project's owner (the decider checks the
 * owner the project's stream names now); the query API serves the page a link opens.
 */
export const shareLinkRoutes = (router: Router, deps: Deps) => {
  const run = async (
    ctx: Context,
    command: (projectId: string, project: { ownerId: string } | null, metadata: CommandMetadata) => ShareLinkCommand,
  ) => {
    parseInput(noBody, ctx.request.body);
    const projectId = (ctx.params as { projectId: string }).projectId;
    const { state } = await readStreamState(deps.eventStore, projectDecider, projectStreamId(projectId));
    const project = state.status === 'active' ? { ownerId: state.ownerId } : null;
    return handleCommand(deps.eventStore, shareLinkDecider, shareLinksStreamId(projectId), command(projectId, project, commandMetadata(ctx, deps)));
  };

  // The token is answered here, once; the log keeps its hash. A retried request (same Idempotency-Key) draws the
  // same token again, so it answers the link its first try made.
  router.post('/api/projects/:projectId/share-links', async (ctx) => {
    let token = '';
    const result = await run(ctx, (projectId, project, metadata) => {
      token = drawShareToken(deps.tokenSecret, metadata.commandId);
      return { type: 'CreateShareLink', data: { projectId, tokenHash: hashShareToken(token), project }, metadata };
    });
    const [event] = result.events;
    if (event?.type !== 'ShareLinkCreated' || event.data.tokenHash !== hashShareToken(token))
      throw new Error('creating a share link appended no link');
    ctx.status = 201;
    ctx.body = {
      success: true,
      changed: true,
      token,
      id: event.data.tokenHash,
      position: String(result.position),
    } satisfies CreateShareLinkResponse;
  });

  router.delete('/api/projects/:projectId/share-links/:linkId', async (ctx) => {
    const { linkId } = ctx.params as { linkId: string };
    if (linkId.length > 64) throw new NotFoundError('link', '', SHARE_LINK_NOT_FOUND_MESSAGE);
    const result = await run(ctx, (projectId, project, metadata) => ({ type: 'RevokeShareLink', data: { projectId, linkId, project }, metadata }));
    ctx.body = {
      success: true,
      changed: true,
      events: result.events.map((each) => each.type),
      position: String(result.position),
    } satisfies CommandResponse;
  });
};
