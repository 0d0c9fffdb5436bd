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
  name: z.string().refine(isSafeLine, UNSAFE_TEXT_MESSAGE),
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

export type PublishIdea = Command<'PublishIdea', z.infer<typeof publishIdeaSchema>>;
/** Who views, likes or unpublishes is the command's actor (`metadata.actorId`): a user or a visitor. */
export type ViewIdea = Command<'ViewIdea', z.infer<typeof ideaRefSchema>>;
export type LikeIdea = Command<'LikeIdea', z.infer<typeof ideaRefSchema>>;
export type UnpublishIdea = Command<'UnpublishIdea', z.infer<typeof ideaRefSchema>>;

export type IdeaCommand = PublishIdea | ViewIdea | LikeIdea | UnpublishIdea;

export const ideaCommandSchemas = {
  PublishIdea: publishIdeaSchema,
  ViewIdea: ideaRefSchema,
  LikeIdea: ideaRefSchema,
  UnpublishIdea: ideaRefSchema,
} satisfies Record<IdeaCommand['type'], z.ZodType>;
