import type Router from '@koa/router';
import {
  ALREADY_LIKED_MESSAGE,
  IDEA_NOT_FOUND_MESSAGE,
  ideaDecider,
  ideaStreamId,
  LIKED_MESSAGE,
  MAX_IDEA_ID_LENGTH,
  NotFoundError,
  projectDecider,
  projectStreamId,
  PUBLISHED_MESSAGE,
  publishIdeaBodySchema,
  publishSourceOf,
  type CommandResponse,
  type IdeaCommand,
  type IdeaEvent,
  type LikeIdeaResponse,
  type PublishIdeaResponse,
  type ViewIdeaResponse,
} from '@vis/domain';
import { handleCommand, parseInput, readStreamState, type EventStore } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import { commandMetadata, idFromCommand } from '../command-context.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
}

/** Like, view and unpublish take no body; anything sent is refused by name rather than ignored. */
const noBody = z.strictObject({});

/** An id no idea could have is answered like a missing idea, without naming a stream after it. */
const ideaIdOf = (ctx: Context) => {
  const id = (ctx.params as Record<string, string | undefined>).id ?? '';
  if (id.length > MAX_IDEA_ID_LENGTH || !/^[\w-]+$/.test(id))
    throw new NotFoundError('idea', id.slice(0, MAX_IDEA_ID_LENGTH), IDEA_NOT_FOUND_MESSAGE);
  return id;
};

/** The total the command's own event carries; undefined when it appended nothing. */
const totalAfter = (events: IdeaEvent[]) => {
  const [event] = events;
  if (event?.type === 'IdeaLiked') return event.data.likes;
  return event?.type === 'IdeaViewed' ? event.data.views : undefined;
};

/**
 * The marketplace's commands (spec 02 §7): publish an idea from one of your projects, like it, record a view,
 * unpublish it. Every answer carries the commit `position` for X-Min-Position.
 */
export const marketplaceRoutes = (router: Router, deps: Deps) => {
  const run = (ctx: Context, type: Exclude<IdeaCommand['type'], 'PublishIdea'>) => {
    const ideaId = ideaIdOf(ctx);
    parseInput(noBody, ctx.request.body);
    return handleCommand(deps.eventStore, ideaDecider, ideaStreamId(ideaId), { type, data: { ideaId }, metadata: commandMetadata(ctx, deps) });
  };
  /** The idea's count now: a repeated like or view appends nothing, yet the answer still tells the total. */
  const currentCounts = async (ctx: Context) => {
    const { state } = await readStreamState(deps.eventStore, ideaDecider, ideaStreamId(ideaIdOf(ctx)));
    return state.status === 'published' ? state : { likes: 0, views: 0 };
  };

  router.post('/api/marketplace/ideas', async (ctx) => {
    const body = parseInput(publishIdeaBodySchema, ctx.request.body);
    const metadata = commandMetadata(ctx, deps);
    // Ownership is decided by the idea's decider on this snapshot: another's project is answered as missing.
    const project = publishSourceOf((await readStreamState(deps.eventStore, projectDecider, projectStreamId(body.projectId))).state);
    const ideaId = ctx.get('idempotency-key') ? idFromCommand(metadata.commandId) : deps.newId();
    const result = await handleCommand(deps.eventStore, ideaDecider, ideaStreamId(ideaId), {
      type: 'PublishIdea',
      data: { ...body, ideaId, project },
      metadata,
    });
    ctx.status = result.repeated ? 200 : 201;
    ctx.body = { success: true, ok: true, id: ideaId, message: PUBLISHED_MESSAGE, position: String(result.position) } satisfies PublishIdeaResponse;
  });

  router.post('/api/marketplace/ideas/:id/like', async (ctx) => {
    const result = await run(ctx, 'LikeIdea');
    const changed = result.events.length > 0;
    ctx.body = {
      success: true,
      changed,
      alreadyLiked: !changed,
      likes: totalAfter(result.events) ?? (await currentCounts(ctx)).likes,
      message: changed ? LIKED_MESSAGE : ALREADY_LIKED_MESSAGE,
      position: String(result.position),
    } satisfies LikeIdeaResponse;
  });

  router.post('/api/marketplace/ideas/:id/view', async (ctx) => {
    const result = await run(ctx, 'ViewIdea');
    const counted = result.events.length > 0;
    ctx.body = {
      success: true,
      changed: counted,
      counted,
      views: totalAfter(result.events) ?? (await currentCounts(ctx)).views,
      position: String(result.position),
    } satisfies ViewIdeaResponse;
  });

  router.delete('/api/marketplace/ideas/:id', async (ctx) => {
    const result = await run(ctx, 'UnpublishIdea');
    ctx.body = {
      success: true,
      changed: true,
      events: result.events.map((event) => event.type),
      position: String(result.position),
    } satisfies CommandResponse;
  });
};
