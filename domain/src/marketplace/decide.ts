import type { CommandMetadata, Decider } from '../decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { IdeaCommand, LikeIdea, MergeLiker, PublishIdea, TransferIdea, UnpublishIdea, ViewIdea } from './commands.ts';
import { DEFAULT_IDEA_TITLE, IDEA_NOT_FOUND_MESSAGE, MISSING_CORE_IDEA_MESSAGE, NOT_IDEA_OWNER_MESSAGE, VIEW_WINDOW_MS } from './constants.ts';
import type { IdeaEvent } from './events.ts';
import { evolveIdea, initialIdeaState, type IdeaState, type PublishedIdeaState } from './state.ts';

export const decideIdea = (command: IdeaCommand, state: IdeaState): IdeaEvent[] => {
  switch (command.type) {
    case 'PublishIdea':
      return publishIdea(command, state);
    case 'ViewIdea':
      return viewIdea(command, state);
    case 'LikeIdea':
      return likeIdea(command, state);
    case 'UnpublishIdea':
      return unpublishIdea(command, state);
    case 'TransferIdea':
      return transferIdea(command, state);
    case 'MergeLiker':
      return mergeLiker(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/** An unpublished idea is answered like one that never was: it is gone from the marketplace. */
const requirePublished = (state: IdeaState, ideaId: string): PublishedIdeaState => {
  if (state.status !== 'published') throw new NotFoundError('idea', ideaId, IDEA_NOT_FOUND_MESSAGE);
  return state;
};

/** A blank field means "not given": the project's value stands in. */
const given = (value: string | undefined) => value?.trim() || undefined;

const publishIdea = ({ data, metadata }: PublishIdea, state: IdeaState): IdeaEvent[] => {
  if (state.status !== 'none') throw new ConflictError(`Idea ${data.ideaId} was already published`);
  // Another's project is reported as missing, not forbidden, so that project ids cannot be probed.
  if (!data.project || data.project.ownerId !== metadata.actorId) throw new NotFoundError('project', data.projectId);
  const { project } = data;
  const coreIdea = given(data.coreIdea) ?? project.coreIdea.trim();
  if (coreIdea === '') throw new ValidationError('coreIdea', MISSING_CORE_IDEA_MESSAGE);
  return [
    {
      type: 'IdeaPublished',
      data: {
        ideaId: data.ideaId,
        projectId: data.projectId,
        ownerId: metadata.actorId,
        title: given(data.title) ?? (project.name.trim() || DEFAULT_IDEA_TITLE),
        description: given(data.description) ?? (given(project.description) || coreIdea),
        imageUrl: data.imageUrl ?? null,
        coreIdea,
        viralTriggers: given(data.viralTriggers) ?? project.viralTriggers,
        techFramework: given(data.techFramework) ?? project.techFramework,
        sustainability: given(data.sustainability) ?? project.sustainability,
        publishedAt: metadata.now,
      },
    },
  ];
};

const millisecondsOf = (metadata: CommandMetadata) => Date.parse(metadata.now);

/** Opening the detail page again within the window is the same visit: it is not counted twice. */
const viewIdea = ({ data, metadata }: ViewIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  const lastCounted = idea.countedViews.get(metadata.actorId);
  if (lastCounted !== undefined && millisecondsOf(metadata) - lastCounted < VIEW_WINDOW_MS) return [];
  return [{ type: 'IdeaViewed', data: { ideaId: data.ideaId, viewerId: metadata.actorId, views: idea.views + 1, viewedAt: metadata.now } }];
};

/**
 * One like per person (issue 24: one person liked an idea three times, as a visitor, as the user, and as the
 * visitor the browser became after signing out). Any of the person's ids having liked it is a like already; a
 * new one is recorded under the person's `likerId` (the user's id whenever it is known). A second like changes
 * nothing: the answer says so, it is not an error.
 */
const likeIdea = ({ data, metadata }: LikeIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  const likerId = data.likerId ?? metadata.actorId;
  if ([likerId, metadata.actorId, ...(data.alsoKnownAs ?? [])].some((each) => idea.likers.has(each))) return [];
  return [{ type: 'IdeaLiked', data: { ideaId: data.ideaId, likerId, likes: idea.likes + 1, likedAt: metadata.now } }];
};

/**
 * The idea is public, so refusing a stranger with 403 tells nothing that the marketplace does not show. What a
 * user published as a visitor in this browser, before signing in, is the user's (`formerOwnerIds`).
 */
const unpublishIdea = ({ data, metadata }: UnpublishIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  const owners = [metadata.actorId, ...(data.formerOwnerIds ?? [])];
  if (!owners.includes(idea.ownerId)) throw new ForbiddenError(NOT_IDEA_OWNER_MESSAGE, 'Forbidden');
  return [{ type: 'IdeaUnpublished', data: { ideaId: data.ideaId, unpublishedAt: metadata.now } }];
};

/**
 * The visitor's like becomes the user's, once: counted once when the user (or another of the user's ids) had
 * liked it too, re-recorded under the user otherwise. An idea the visitor never liked, or gone, changes nothing.
 */
const mergeLiker = ({ data, metadata }: MergeLiker, state: IdeaState): IdeaEvent[] => {
  if (state.status !== 'published') return [];
  const into = metadata.actorId;
  const from = data.fromLikerId;
  const liked = state.likers.get(from);
  if (from === into || liked === undefined || liked.startsWith('merged:')) return [];
  const alsoLiked = [into, ...(data.alsoKnownAs ?? [])].some((each) => each !== from && state.likers.has(each));
  return [
    {
      type: 'IdeaLikeMerged',
      data: { ideaId: data.ideaId, fromLikerId: from, intoLikerId: into, likes: alsoLiked ? state.likes - 1 : state.likes, mergedAt: metadata.now },
    },
  ];
};

/** Only the visitor's own idea moves, once; one already moved (or gone) changes nothing. */
const transferIdea = ({ data, metadata }: TransferIdea, state: IdeaState): IdeaEvent[] => {
  if (state.status !== 'published' || state.ownerId === metadata.actorId) return [];
  if (state.ownerId !== data.fromOwnerId) throw new ForbiddenError(NOT_IDEA_OWNER_MESSAGE, 'Forbidden');
  return [
    {
      type: 'IdeaTransferred',
      data: { ideaId: data.ideaId, fromOwnerId: data.fromOwnerId, toOwnerId: metadata.actorId, transferredAt: metadata.now },
    },
  ];
};

export const ideaDecider: Decider<IdeaCommand, IdeaEvent, IdeaState> = {
  decide: decideIdea,
  evolve: evolveIdea,
  initialState: initialIdeaState,
};
