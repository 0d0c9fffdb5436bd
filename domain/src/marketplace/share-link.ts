import { z } from 'zod';
import type { Command, Decider } from '../decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { MAX_IDEA_ID_LENGTH } from './constants.ts';

/**
 * Private read-only links to a project (issue 26): unlisted, so never in the marketplace, and revocable. The token
 * is drawn at random by the command API, shown once to the owner, and only its SHA-256 hash arrives here (the
 * domain stays pure, and the log holds nothing that opens the project): whoever holds the link may read the
 * project, nothing more. A link is known by its hash (`linkId`); links made before tokens were hashed are known
 * by their token, which their events hold. One stream per project holds its links.
 */

/** Ours: enough for a person who shares with a few groups, and a bound on the stream's state. */
export const MAX_SHARE_LINKS = 20;
/** 128 bits and more, URL-safe: what the command API draws (24 random bytes in base64url). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const SHARE_LINK_NOT_FOUND_MESSAGE = 'This link was revoked or never existed.';
export const TOO_MANY_SHARE_LINKS_MESSAGE = `A project has at most ${MAX_SHARE_LINKS} private links: revoke one first.`;

const projectId = z.string().min(1).max(MAX_IDEA_ID_LENGTH);
/** A token's SHA-256 in base64url: what the command API sends, never the token. */
export const SHARE_TOKEN_HASH_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const tokenHash = z.string().regex(SHARE_TOKEN_HASH_PATTERN, 'must be a share link token hash');
/** A link's hash, or the token of a link made before tokens were hashed. */
const linkId = z.string().min(1).max(64);
/** The project's owner as its stream says now (null: no such project), read by the command API, checked here. */
const project = z.object({ ownerId: z.string() }).nullable();

export const createShareLinkSchema = z.object({ projectId, tokenHash, project });
export const revokeShareLinkSchema = z.object({ projectId, linkId, project });

export type CreateShareLink = Command<'CreateShareLink', z.infer<typeof createShareLinkSchema>>;
export type RevokeShareLink = Command<'RevokeShareLink', z.infer<typeof revokeShareLinkSchema>>;
export type ShareLinkCommand = CreateShareLink | RevokeShareLink;

/**
 * `tokenHash` since tokens are hashed; `token` in the events written before, which still open their links (no
 * upcaster: hashing is not the domain's to do, and an event is never rewritten).
 */
export const shareLinkCreatedSchema = z.object({
  projectId: z.string(),
  tokenHash: z.string().optional(),
  token: z.string().optional(),
  createdBy: z.string(),
  createdAt: z.string(),
});
/** `linkId` since tokens are hashed; `token` in the events written before. */
export const shareLinkRevokedSchema = z.object({
  projectId: z.string(),
  linkId: z.string().optional(),
  token: z.string().optional(),
  revokedBy: z.string(),
  revokedAt: z.string(),
});
export type ShareLinkCreated = { type: 'ShareLinkCreated'; data: z.infer<typeof shareLinkCreatedSchema> };
export type ShareLinkRevoked = { type: 'ShareLinkRevoked'; data: z.infer<typeof shareLinkRevokedSchema> };
export type ShareLinkEvent = ShareLinkCreated | ShareLinkRevoked;

export const shareLinkEventSchemas = {
  ShareLinkCreated: shareLinkCreatedSchema,
  ShareLinkRevoked: shareLinkRevokedSchema,
} satisfies { [T in ShareLinkEvent['type']]: z.ZodType<Extract<ShareLinkEvent, { type: T }>['data'], unknown> };

/**
 * A live link: when it was made, and for a link made before tokens were hashed, its token (`legacy`: its id is
 * the token itself, which opens it).
 */
export type LiveShareLink = { createdAt: string; legacy: boolean };
/** The project's live links by id (hash, or a legacy link's token), oldest first. */
export type ShareLinkState = { links: ReadonlyMap<string, LiveShareLink> };

export const shareLinksStreamId = (projectId: string) => `share-links-${projectId}`;

/** Another's project is answered as missing, as every project write is. */
const requireOwner = (command: ShareLinkCommand) => {
  if (!command.data.project || command.data.project.ownerId !== command.metadata.actorId) throw new NotFoundError('project', command.data.projectId);
};

const createShareLink = (command: CreateShareLink, state: ShareLinkState): ShareLinkEvent[] => {
  requireOwner(command);
  const { data, metadata } = command;
  if (!SHARE_TOKEN_HASH_PATTERN.test(data.tokenHash)) throw new ValidationError('tokenHash', 'tokenHash: must be a share link token hash');
  if (state.links.has(data.tokenHash)) throw new ConflictError('This link already exists');
  if (state.links.size >= MAX_SHARE_LINKS) throw new ValidationError('links', TOO_MANY_SHARE_LINKS_MESSAGE);
  return [
    {
      type: 'ShareLinkCreated',
      data: { projectId: data.projectId, tokenHash: data.tokenHash, createdBy: metadata.actorId, createdAt: metadata.now },
    },
  ];
};

const revokeShareLink = (command: RevokeShareLink, state: ShareLinkState): ShareLinkEvent[] => {
  requireOwner(command);
  const { data, metadata } = command;
  if (!state.links.has(data.linkId)) throw new NotFoundError('link', '', SHARE_LINK_NOT_FOUND_MESSAGE);
  return [
    { type: 'ShareLinkRevoked', data: { projectId: data.projectId, linkId: data.linkId, revokedBy: metadata.actorId, revokedAt: metadata.now } },
  ];
};

export const decideShareLink = (command: ShareLinkCommand, state: ShareLinkState): ShareLinkEvent[] => {
  switch (command.type) {
    case 'CreateShareLink':
      return createShareLink(command, state);
    case 'RevokeShareLink':
      return revokeShareLink(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

export const evolveShareLink = (state: ShareLinkState, event: ShareLinkEvent): ShareLinkState => {
  switch (event.type) {
    case 'ShareLinkCreated': {
      const legacy = event.data.tokenHash === undefined;
      const id = event.data.tokenHash ?? event.data.token ?? '';
      return { links: new Map([...state.links, [id, { createdAt: event.data.createdAt, legacy }]]) };
    }
    case 'ShareLinkRevoked': {
      const links = new Map(state.links);
      links.delete(event.data.linkId ?? event.data.token ?? '');
      return { links };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

export const shareLinkDecider: Decider<ShareLinkCommand, ShareLinkEvent, ShareLinkState> = {
  decide: decideShareLink,
  evolve: evolveShareLink,
  initialState: () => ({ links: new Map() }),
};
