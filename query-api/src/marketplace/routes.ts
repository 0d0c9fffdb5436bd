import type Router from '@koa/router';
import { IDEA_NOT_FOUND_MESSAGE, NotFoundError, readModels, ValidationError, type MarketplaceIdea, type MarketplaceIdeasResponse } from '@vis/domain';
import { actorOf, parseInput, sessionOf, type DocumentStore, type Filter, type ProjectionProgress, type Sort } from '@vis/infrastructure';
import type { MarketplaceListingDocument } from '@vis/projections';
import type { Context } from 'koa';
import { z } from 'zod';
import { awaitMinPosition } from '../read-your-writes.ts';

interface Deps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  readYourWritesTimeoutMs: number;
}

const READ_MODEL = readModels.marketplaceListings;
export const DEFAULT_IDEAS_PAGE = 24;
export const MAX_IDEAS_PAGE = 100;

/**
 * Keyset pagination: each order ends in `_id` so that ideas published in the same millisecond keep one order,
 * and a cursor holds the last idea's values of the order's fields.
 */
const ORDERS = {
  newest: ['createdAt', '_id'],
  likes: ['likes', 'createdAt', '_id'],
} as const satisfies Record<string, readonly (keyof MarketplaceListingDocument)[]>;
type Order = keyof typeof ORDERS;

const listQuery = z.strictObject({
  sort: z.enum(Object.keys(ORDERS) as [Order, ...Order[]], `must be one of ${Object.keys(ORDERS).join(', ')}`).default('newest'),
  limit: z.coerce
    .number(`must be a whole number from 1 to ${MAX_IDEAS_PAGE}`)
    .int(`must be a whole number from 1 to ${MAX_IDEAS_PAGE}`)
    .min(1, `must be a whole number from 1 to ${MAX_IDEAS_PAGE}`)
    .max(MAX_IDEAS_PAGE, `must be a whole number from 1 to ${MAX_IDEAS_PAGE}`)
    .default(DEFAULT_IDEAS_PAGE),
  cursor: z.string('must be the X-Next-Cursor of an earlier page').max(1000, 'must be the X-Next-Cursor of an earlier page').optional(),
});

const encodeCursor = (order: Order, doc: MarketplaceListingDocument) =>
  Buffer.from(JSON.stringify([order, ...ORDERS[order].map((field) => doc[field])])).toString('base64url');

const badCursor = () => new ValidationError('cursor', 'cursor: must be the X-Next-Cursor of an earlier page with the same sort');

/** The cursor's values, checked to be of the kinds the order's fields hold: they go into a query. */
const decodeCursor = (order: Order, cursor: string): (string | number)[] => {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values[0] !== order || values.length !== ORDERS[order].length + 1) throw badCursor();
  const keys = values.slice(1) as unknown[];
  ORDERS[order].forEach((field, index) => {
    const expected = field === 'likes' ? 'number' : 'string';
    if (typeof keys[index] !== expected) throw badCursor();
  });
  return keys as (string | number)[];
};

/** Everything after the cursor in a descending order: (a < x) or (a = x and b < y) or … */
const after = (order: Order, keys: (string | number)[]): Filter => ({
  $or: ORDERS[order].map((field, index) => ({
    ...Object.fromEntries(ORDERS[order].slice(0, index).map((earlier, at) => [earlier, keys[at]])),
    [field]: { $lt: keys[index] },
  })),
});

/**
 * The spec's "Marketplace idea" (§3). The owner stays internal: the raw actor id of a visitor is a session's
 * identity, so the public learns only whether the idea is the caller's own.
 */
const toIdea = (doc: MarketplaceListingDocument, actor: string, person: readonly string[] = [actor]): MarketplaceIdea => ({
  id: doc._id,
  title: doc.title,
  description: doc.description,
  imageUrl: doc.imageUrl,
  views: doc.views,
  likes: doc.likes,
  createdAt: doc.createdAt,
  coreIdea: doc.coreIdea,
  viralTriggers: doc.viralTriggers,
  techFramework: doc.techFramework,
  sustainability: doc.sustainability,
  ownedByYou: doc.ownerId === actor,
  likedByMe: person.some((id) => doc.likerIds?.includes(id)),
});

/**
 * The ids the asker's like may be recorded under: the actor, and after a sign-out the user this browser was (the
 * command API records that person's likes under the user, see its personOf). Only the asker's own ids are
 * looked for, so the answer says nothing about anyone else's likes.
 */
const personOf = (ctx: Context) => {
  const actor = actorOf(ctx);
  const signedOut = sessionOf(ctx)?.signedOutUserId;
  return actor.startsWith('visitor-') && signedOut ? [actor, `user-${signedOut}`] : [actor];
};

/**
 * Public reads of the marketplace. The list answers a bare array, as the spec's client reads it ("list of
 * ideas"); the next page's cursor travels in `X-Next-Cursor` and a `Link: <…>; rel="next"` header.
 */
export const marketplaceQueryRoutes = (router: Router, { documentStore, progress, readYourWritesTimeoutMs }: Deps) => {
  const collection = () => progress.collectionFor(READ_MODEL);
  const ready = (ctx: Context) => awaitMinPosition(ctx, progress, READ_MODEL, readYourWritesTimeoutMs);

  router.get('/api/marketplace/ideas', async (ctx) => {
    const { sort, limit, cursor } = parseInput(listQuery, ctx.query);
    await ready(ctx);
    const filter: Filter = { status: 'published', ...(cursor === undefined ? {} : after(sort, decodeCursor(sort, cursor))) };
    const order = Object.fromEntries(ORDERS[sort].map((field) => [field, -1])) as Sort;
    const docs = await documentStore.find<MarketplaceListingDocument>(collection(), filter, { sort: order, limit: limit + 1 });
    const page = docs.slice(0, limit);
    if (docs.length > limit) {
      const next = encodeCursor(sort, page.at(-1)!);
      ctx.set('X-Next-Cursor', next);
      ctx.set('Link', `</api/marketplace/ideas?${new URLSearchParams({ sort, limit: String(limit), cursor: next })}>; rel="next"`);
    }
    const actor = actorOf(ctx);
    const person = personOf(ctx);
    ctx.body = page.map((doc) => toIdea(doc, actor, person)) satisfies MarketplaceIdeasResponse;
  });

  /** My ideas (issue 26): the asker's own published ideas, newest first, to edit or unpublish. */
  router.get('/api/marketplace/mine', async (ctx) => {
    parseInput(z.strictObject({}), ctx.query);
    await ready(ctx);
    const actor = actorOf(ctx);
    const docs = await documentStore.find<MarketplaceListingDocument>(
      collection(),
      { status: 'published', ownerId: actor },
      { sort: { createdAt: -1, _id: -1 }, limit: MAX_IDEAS_PAGE },
    );
    const person = personOf(ctx);
    ctx.body = docs.map((doc) => toIdea(doc, actor, person)) satisfies MarketplaceIdeasResponse;
  });

  router.get('/api/marketplace/ideas/:id', async (ctx) => {
    await ready(ctx);
    const id = ctx.params.id!;
    const doc = await documentStore.findOne<MarketplaceListingDocument>(collection(), { _id: id, status: 'published' });
    if (!doc) throw new NotFoundError('idea', id, IDEA_NOT_FOUND_MESSAGE);
    ctx.body = toIdea(doc, actorOf(ctx), personOf(ctx));
  });
};
