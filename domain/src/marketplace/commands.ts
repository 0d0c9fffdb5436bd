import { z } from 'zod';
import type { Command } from '../decider.ts';
import { isSafeLine, isSafeText, UNSAFE_TEXT_MESSAGE } from '../text.ts';
import { MAX_IDEA_ID_LENGTH, MAX_IDEA_TEXT_LENGTH, MAX_IDEA_TITLE_LENGTH, MAX_IMAGE_URL_LENGTH } from './constants.ts';

const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
/** Public one-liners (a title): shown to everyone, so nothing may make them read as something else. */
const line = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`).refine(isSafeLine, UNSAFE_TEXT_MESSAGE);
const id = z.string().min(1).max(MAX_IDEA_ID_LENGTH).refine(isSafeLine, UNSAFE_TEXT_MESSAGE);

/**
 * The spec's publish payload (§3, §7: title, coreIdea, viralTriggers, techFramework, sustainability, projectId)
 * plus the idea's own description and image (§3 "Marketplace idea"), which the spec's client never sends: the
 * description defaults to the core idea and the card draws a placeholder when there is no image (§2.9).
 * Strict: an unknown field is refused by name.
 */
export const publishIdeaBodySchema = z.strictObject({
  projectId: z
    .string('must be the id of one of your projects')
    .min(1, 'must be the id of one of your projects')
    .max(MAX_IDEA_ID_LENGTH, `must be at most ${MAX_IDEA_ID_LENGTH} characters`)
    .refine(isSafeLine, UNSAFE_TEXT_MESSAGE),
  title: line(MAX_IDEA_TITLE_LENGTH).optional(),
  coreIdea: text(MAX_IDEA_TEXT_LENGTH).optional(),
  viralTriggers: text(MAX_IDEA_TEXT_LENGTH).optional(),
  techFramework: text(MAX_IDEA_TEXT_LENGTH).optional(),
  sustainability: text(MAX_IDEA_TEXT_LENGTH).optional(),
  description: text(MAX_IDEA_TEXT_LENGTH).optional(),
  /** Only secure web addresses: the image ends up in an img src on a page served over https. */
  imageUrl: z
    .url({ protocol: /^https$/, error: 'must be an https:// address' })
    .max(MAX_IMAGE_URL_LENGTH, `must be at most ${MAX_IMAGE_URL_LENGTH} characters`)
    .refine(isSafeLine, UNSAFE_TEXT_MESSAGE)
    .nullable()
    .optional(),
});
export type PublishIdeaBody = z.infer<typeof publishIdeaBodySchema>;

/**
 * What publishing needs of the project, read from the project's stream by the HTTP layer (null: there is no
 * such project). Fields the payload leaves out or blank come from here.
 */
export const publishSourceSchema = z.strictObject({
  ownerId: z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE),
  /** The title the idea takes when the payload gives none: the final concept's name, the builder's idea, the project's name. */
  title: z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE),
  coreIdea: z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE),
  viralTriggers: z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE),
  techFramework: z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE),
  sustainability: z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE),
  /** The listing's description when the project has a refined one (stage 5's pitch, description and page); else the core idea. */
  description: z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional(),
});
export type PublishSource = z.infer<typeof publishSourceSchema>;

export const publishIdeaSchema = publishIdeaBodySchema.extend({
  ideaId: id,
  project: publishSourceSchema.nullable(),
});
export const ideaRefSchema = z.strictObject({ ideaId: id });

/**
 * One person has up to three ids over a sign-in and a sign-out: the visitor they were, the user they signed in as,
 * the visitor the browser became when they signed out. A like counts once per person: `likerId` is the id it is
 * recorded under (the user's, whenever the session knows which user this is), `alsoKnownAs` the person's other
 * ids this browser knows. Both come from the server's session, never from the request.
 */
export const likeIdeaSchema = ideaRefSchema.extend({
  likerId: id.optional(),
  alsoKnownAs: z.array(id).max(1000).default([]),
});

/** Taking a like back: the person's ids as for LikeIdea, from the server's session. */
export const unlikeIdeaSchema = likeIdeaSchema;

/**
 * The owner changes what the marketplace shows of the idea (issue 26, My ideas); a field left out stays.
 * `formerOwnerIds` as for UnpublishIdea.
 */
export const editIdeaBodySchema = z.strictObject({
  title: line(MAX_IDEA_TITLE_LENGTH).optional(),
  description: text(MAX_IDEA_TEXT_LENGTH).optional(),
});
export const editIdeaSchema = ideaRefSchema.extend({
  ...editIdeaBodySchema.shape,
  formerOwnerIds: z.array(id).max(10).default([]),
});

/** `formerOwnerIds`: the visitor a signed-in user was in this browser (the session says so): what it published is theirs. */
export const unpublishIdeaSchema = ideaRefSchema.extend({ formerOwnerIds: z.array(id).max(10).default([]) });

/** On sign-in, an idea the visitor published moves to the user (the command's actor), as the visitor's projects do. */
export const transferIdeaSchema = ideaRefSchema.extend({ fromOwnerId: id });

/**
 * On sign-in, a like the visitor gave becomes the user's (the actor's): the person's like, counted once. The
 * user's other ids (`alsoKnownAs`) are those of LikeIdea; one of them having liked too makes it one like.
 */
export const mergeLikerSchema = ideaRefSchema.extend({ fromLikerId: id, alsoKnownAs: z.array(id).max(1000).default([]) });

export type PublishIdea = Command<'PublishIdea', z.infer<typeof publishIdeaSchema>>;
/** Who views, likes or unpublishes is the command's actor (`metadata.actorId`): a user or a visitor. */
export type ViewIdea = Command<'ViewIdea', z.infer<typeof ideaRefSchema>>;
export type LikeIdea = Command<'LikeIdea', z.input<typeof likeIdeaSchema>>;
export type UnpublishIdea = Command<'UnpublishIdea', z.input<typeof unpublishIdeaSchema>>;
export type UnlikeIdea = Command<'UnlikeIdea', z.input<typeof unlikeIdeaSchema>>;
export type EditIdea = Command<'EditIdea', z.input<typeof editIdeaSchema>>;
export type TransferIdea = Command<'TransferIdea', z.infer<typeof transferIdeaSchema>>;
export type MergeLiker = Command<'MergeLiker', z.input<typeof mergeLikerSchema>>;

export type IdeaCommand = PublishIdea | ViewIdea | LikeIdea | UnlikeIdea | EditIdea | UnpublishIdea | TransferIdea | MergeLiker;

export const ideaCommandSchemas = {
  PublishIdea: publishIdeaSchema,
  ViewIdea: ideaRefSchema,
  LikeIdea: likeIdeaSchema,
  UnlikeIdea: unlikeIdeaSchema,
  EditIdea: editIdeaSchema,
  UnpublishIdea: unpublishIdeaSchema,
  TransferIdea: transferIdeaSchema,
  MergeLiker: mergeLikerSchema,
} satisfies Record<IdeaCommand['type'], z.ZodType>;
