import { z } from 'zod';

/** Idea events: past tense, each naming its idea and the moment; counts carry the total after the event. */
export const ideaPublishedSchema = z.object({
  ideaId: z.string(),
  projectId: z.string(),
  /** The publisher's actor id: kept for ownership, never shown to others. */
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  coreIdea: z.string(),
  viralTriggers: z.string(),
  techFramework: z.string(),
  sustainability: z.string(),
  publishedAt: z.string(),
});

export const ideaViewedSchema = z.object({
  ideaId: z.string(),
  viewerId: z.string(),
  views: z.number().int().positive(),
  viewedAt: z.string(),
});

export const ideaLikedSchema = z.object({
  ideaId: z.string(),
  likerId: z.string(),
  likes: z.number().int().positive(),
  likedAt: z.string(),
});

/** A person took their like back: every id it was recorded under goes (a visitor's merged into the user's too). */
export const ideaUnlikedSchema = z.object({
  ideaId: z.string(),
  likerIds: z.array(z.string()).min(1),
  likes: z.number().int().nonnegative(),
  unlikedAt: z.string(),
});

/** The owner changed the listing's title or description; both are the values after the edit. */
export const ideaEditedSchema = z.object({
  ideaId: z.string(),
  title: z.string(),
  description: z.string(),
  editedAt: z.string(),
});

export const ideaUnpublishedSchema = z.object({
  ideaId: z.string(),
  unpublishedAt: z.string(),
});

/** A visitor's idea became the user's when the visitor signed in. */
export const ideaTransferredSchema = z.object({
  ideaId: z.string(),
  fromOwnerId: z.string(),
  toOwnerId: z.string(),
  transferredAt: z.string(),
});

/**
 * A visitor's like became the user's at sign-in; `likes` is the total after: one less when the user had liked
 * it too (one person, one like), the same otherwise.
 */
export const ideaLikeMergedSchema = z.object({
  ideaId: z.string(),
  fromLikerId: z.string(),
  intoLikerId: z.string(),
  likes: z.number().int().nonnegative(),
  mergedAt: z.string(),
});

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type IdeaPublished = EventOf<'IdeaPublished', typeof ideaPublishedSchema>;
export type IdeaViewed = EventOf<'IdeaViewed', typeof ideaViewedSchema>;
export type IdeaLiked = EventOf<'IdeaLiked', typeof ideaLikedSchema>;
export type IdeaUnliked = EventOf<'IdeaUnliked', typeof ideaUnlikedSchema>;
export type IdeaEdited = EventOf<'IdeaEdited', typeof ideaEditedSchema>;
export type IdeaUnpublished = EventOf<'IdeaUnpublished', typeof ideaUnpublishedSchema>;
export type IdeaTransferred = EventOf<'IdeaTransferred', typeof ideaTransferredSchema>;
export type IdeaLikeMerged = EventOf<'IdeaLikeMerged', typeof ideaLikeMergedSchema>;

export type IdeaEvent = IdeaPublished | IdeaViewed | IdeaLiked | IdeaUnliked | IdeaEdited | IdeaUnpublished | IdeaTransferred | IdeaLikeMerged;
export type IdeaEventType = IdeaEvent['type'];

export const ideaEventSchemas = {
  IdeaPublished: ideaPublishedSchema,
  IdeaViewed: ideaViewedSchema,
  IdeaLiked: ideaLikedSchema,
  IdeaUnliked: ideaUnlikedSchema,
  IdeaEdited: ideaEditedSchema,
  IdeaUnpublished: ideaUnpublishedSchema,
  IdeaTransferred: ideaTransferredSchema,
  IdeaLikeMerged: ideaLikeMergedSchema,
} satisfies { [T in IdeaEventType]: z.ZodType<Extract<IdeaEvent, { type: T }>['data'], unknown> };

export const IDEA_EVENT_TYPES = Object.keys(ideaEventSchemas) as IdeaEventType[];

/** One stream per published idea. */
export const ideaStreamId = (ideaId: string) => `idea-${ideaId}`;
