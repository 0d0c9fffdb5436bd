import type Router from '@koa/router';
import {
  projectDecider,
  projectStreamId,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  shareLinkDecider,
  shareLinksStreamId,
  NotFoundError,
  type CommandResponse,
  type CreateShareLinkResponse,
  type ShareLinkCommand,
} from '@vis/domain';
import { handleCommand, parseInput, readStreamState, type EventStore } from '@vis/infrastructure';
import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { commandMetadata } from '../command-context.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
}

const noBody = z.strictObject({});

/** 192 random bits: a link nobody can guess, drawn here so that the domain stays pure. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * A project's private read-only links (issue 26): made and revoked by the project's owner (the decider checks the
 * owner the project's stream names now); the query API serves the page a link opens.
 */
export const shareLinkRoutes = (router: Router, deps: Deps) => {
  const run = async (ctx: Context, type: ShareLinkCommand['type'], token: string) => {
    parseInput(noBody, ctx.request.body);
    const projectId = (ctx.params as { projectId: string }).projectId;
    const { state } = await readStreamState(deps.eventStore, projectDecider, projectStreamId(projectId));
    const project = state.status === 'active' ? { ownerId: state.ownerId } : null;
    return handleCommand(deps.eventStore, shareLinkDecider, shareLinksStreamId(projectId), {
      type,
      data: { projectId, token, project },
      metadata: commandMetadata(ctx, deps),
    });
  };

  router.post('/api/projects/:projectId/share-links', async (ctx) => {
    const result = await run(ctx, 'CreateShareLink', newToken());
    // A retried request (same Idempotency-Key) answers the link its first try made.
    const [event] = result.events;
    if (event?.type !== 'ShareLinkCreated') throw new Error('creating a share link appended no link');
    ctx.status = 201;
    ctx.body = { success: true, changed: true, token: event.data.token, position: String(result.position) } satisfies CreateShareLinkResponse;
  });

  router.delete('/api/projects/:projectId/share-links/:token', async (ctx) => {
    const { token } = ctx.params as { token: string };
    if (token.length > 64) throw new NotFoundError('link', '', SHARE_LINK_NOT_FOUND_MESSAGE);
    const result = await run(ctx, 'RevokeShareLink', token);
    ctx.body = {
      success: true,
      changed: true,
      events: result.events.map((each) => each.type),
      position: String(result.position),
    } satisfies CommandResponse;
  });
};
