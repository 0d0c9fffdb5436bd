import type Router from '@koa/router';
import {
  accountDecider,
  accountStreamId,
  ALREADY_LIKED_MESSAGE,
  editIdeaBodySchema,
  IDEA_EDITED_MESSAGE,
  IDEA_UNPUBLISHED_MESSAGE,
  NOT_LIKED_MESSAGE,
  UNLIKED_MESSAGE,
  type EditIdea,
  type EditIdeaResponse,
  type UnlikeIdea,
  type UnlikeIdeaResponse,
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
  type CommandMetadata,
  type CommandResponse,
  type IdeaEvent,
  type LikeIdea,
  type LikeIdeaResponse,
  type UnpublishIdea,
  type ViewIdea,
  type PublishIdeaResponse,
  type ViewIdeaResponse,
} from '@vis/domain';
import { actorOf, handleCommand, parseInput, readStreamState, sessionOf, type EventStore } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import { commandMetadata, idFromCommand } from '../command-context.ts';
import { shareLinkRoutes } from './share-link-routes.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  /** The server's secret a share link's token is drawn with. */
  tokenSecret: string;
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

/** For a command of the account's own, not of the request's Idempotency-Key. */
const withoutDigest = ({ requestDigest: _digest, ...metadata }: CommandMetadata): CommandMetadata => metadata;

/**
 * The person behind a session (issue 24: one person liked an idea three times), from the server's session and
 * the person's account, never from the request. A person's ids: the user's; every visitor that signed in as
 * that user (the user's account records each hand-over); the visitor this browser was before signing in (the
 * session keeps it, should its hand-over have failed). A visitor after a sign-out counts as the user who signed
 * out, for likes only: the browser cannot like again what that person liked, and what it likes is recorded under
 * the user's id; it may take down nothing of theirs. Only a user may take down what its own visitor published.
 */
const personOf = async (ctx: Context, eventStore: EventStore) => {
  const actor = actorOf(ctx);
  const { visitorId, signedOutUserId } = sessionOf(ctx) ?? {};
  const user = actor.startsWith('user-') ? actor : actor.startsWith('visitor-') && signedOutUserId ? `user-${signedOutUserId}` : undefined;
  if (!user) return { likerId: actor, alsoKnownAs: [], formerOwnerIds: [] };
  const { takenOverVisitors } = (await readStreamState(eventStore, accountDecider, accountStreamId(user))).state;
  const formerVisitor = actor === user && visitorId ? [`visitor-${visitorId}`] : [];
  const others = [...new Set([...(actor === user ? [] : [actor]), ...formerVisitor, ...takenOverVisitors])];
  return { likerId: user, alsoKnownAs: others, formerOwnerIds: actor === user ? formerVisitor : [] };
};

/**
 * The marketplace's commands (spec 02 §7): publish an idea from one of your projects, like it, record a view,
 * unpublish it. Every answer carries the commit `position` for X-Min-Position.
 */
export const marketplaceRoutes = (router: Router, deps: Deps) => {
  shareLinkRoutes(router, deps);
  const run = (
    ctx: Context,
    command: (ideaId: string) => Pick<ViewIdea | LikeIdea | UnlikeIdea | EditIdea | UnpublishIdea, 'type' | 'data'>,
    body: z.ZodType = noBody,
  ) => {
    const ideaId = ideaIdOf(ctx);
    parseInput(body, ctx.request.body);
    return handleCommand(deps.eventStore, ideaDecider, ideaStreamId(ideaId), {
      ...command(ideaId),
      metadata: commandMetadata(ctx, deps),
    });
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
    const { likerId, alsoKnownAs } = await personOf(ctx, deps.eventStore);
    const result = await run(ctx, (ideaId) => ({ type: 'LikeIdea', data: { ideaId, likerId, alsoKnownAs } }));
    const changed = result.events.length > 0;
    // A visitor's own like is noted on its account, to become the user's at sign-in (see MergeLiker).
    const actor = actorOf(ctx);
    if (changed && likerId === actor && actor.startsWith('visitor-')) {
      const ideaId = ideaIdOf(ctx);
      await handleCommand(deps.eventStore, accountDecider, accountStreamId(actor), {
        type: 'NoteLike',
        data: { accountId: actor, ideaId },
        metadata: { ...withoutDigest(commandMetadata(ctx, deps)), commandId: `note-like:${actor}:${ideaId}` },
      });
    }
    ctx.body = {
      success: true,
      changed,
      alreadyLiked: !changed,
      likes: totalAfter(result.events) ?? (await currentCounts(ctx)).likes,
      message: changed ? LIKED_MESSAGE : ALREADY_LIKED_MESSAGE,
      // The like's own position: live updates announce the idea at it; the note is nothing a reader waits for.
      position: String(result.position),
    } satisfies LikeIdeaResponse;
  });

  router.delete('/api/marketplace/ideas/:id/like', async (ctx) => {
    const { likerId, alsoKnownAs } = await personOf(ctx, deps.eventStore);
    const result = await run(ctx, (ideaId) => ({ type: 'UnlikeIdea', data: { ideaId, likerId, alsoKnownAs } }));
    const [event] = result.events;
    ctx.body = {
      success: true,
      changed: event !== undefined,
      likes: event?.type === 'IdeaUnliked' ? event.data.likes : (await currentCounts(ctx)).likes,
      message: event ? UNLIKED_MESSAGE : NOT_LIKED_MESSAGE,
      position: String(result.position),
    } satisfies UnlikeIdeaResponse;
  });

  /** My ideas (issue 26): the owner changes the title or description the marketplace shows. */
  router.patch('/api/marketplace/ideas/:id', async (ctx) => {
    const { formerOwnerIds } = await personOf(ctx, deps.eventStore);
    const edit = parseInput(editIdeaBodySchema, ctx.request.body);
    const result = await run(ctx, (ideaId) => ({ type: 'EditIdea', data: { ideaId, ...edit, formerOwnerIds } }), editIdeaBodySchema);
    ctx.body = {
      success: true,
      changed: result.events.length > 0,
      message: IDEA_EDITED_MESSAGE,
      position: String(result.position),
    } satisfies EditIdeaResponse;
  });

  router.post('/api/marketplace/ideas/:id/view', async (ctx) => {
    const result = await run(ctx, (ideaId) => ({ type: 'ViewIdea', data: { ideaId } }));
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
    const { formerOwnerIds } = await personOf(ctx, deps.eventStore);
    const result = await run(ctx, (ideaId) => ({ type: 'UnpublishIdea', data: { ideaId, formerOwnerIds } }));
    ctx.body = {
      success: true,
      changed: true,
      events: result.events.map((event) => event.type),
      message: IDEA_UNPUBLISHED_MESSAGE,
      position: String(result.position),
    } satisfies CommandResponse & { message: string };
  });
};
