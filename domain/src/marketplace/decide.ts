import type { CommandMetadata, Decider } from '../decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { EditIdea, IdeaCommand, LikeIdea, MergeLiker, PublishIdea, TransferIdea, UnlikeIdea, UnpublishIdea, ViewIdea } from './commands.ts';
import {
  BLANK_DESCRIPTION_MESSAGE,
  BLANK_TITLE_MESSAGE,
  DEFAULT_IDEA_TITLE,
  IDEA_NOT_FOUND_MESSAGE,
  MISSING_CORE_IDEA_MESSAGE,
  NOT_IDEA_OWNER_MESSAGE,
  VIEW_WINDOW_MS,
} from './constants.ts';
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
    case 'UnlikeIdea':
      return unlikeIdea(command, state);
    case 'EditIdea':
      return editIdea(command, state);
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

/** A title the person typed is the one shown: blank is refused, not replaced by a default they did not choose. */
const typedTitle = (title: string | undefined) => {
  if (title === undefined) return undefined;
  const trimmed = title.trim();
  if (trimmed === '') throw new ValidationError('title', BLANK_TITLE_MESSAGE);
  return trimmed;
};

/**
 * Who may change or take down an idea: its publisher, or the user a visiting publisher became in this browser
 * (`formerOwnerIds`). Anyone else is answered as if there were no such idea to manage, like every other
 * owner-only write (issue 26): the public page stays public, the owner's controls do not exist for them.
 */
const requireOwned = (state: IdeaState, ideaId: string, actorId: string, formerOwnerIds: readonly string[] = []) => {
  const idea = requirePublished(state, ideaId);
  if (![actorId, ...formerOwnerIds].includes(idea.ownerId)) throw new NotFoundError('idea', ideaId, IDEA_NOT_FOUND_MESSAGE);
  return idea;
};

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
        title: typedTitle(data.title) ?? (project.title.trim() || DEFAULT_IDEA_TITLE),
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
 * Taking a like back (issue 26: a second click said "Already liked" and nothing undid it). Every id of the person's
 * that holds the like goes, with the user's like a visitor's was merged into; the count drops by the likes that
 * were counted apart (one, since a person's like counts once). Not having liked it changes nothing.
 */
const unlikeIdea = ({ data, metadata }: UnlikeIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  const person = new Set([data.likerId ?? metadata.actorId, metadata.actorId, ...(data.alsoKnownAs ?? [])]);
  const held = [...person].filter((each) => idea.likers.has(each));
  const mergedInto = held.map((each) => idea.likers.get(each)!).filter((value) => value.startsWith('merged:'));
  const likerIds = [...new Set([...held, ...mergedInto.map((value) => value.slice('merged:'.length)).filter((each) => idea.likers.has(each))])];
  if (likerIds.length === 0) return [];
  const counted = likerIds.filter((each) => !idea.likers.get(each)!.startsWith('merged:')).length;
  return [{ type: 'IdeaUnliked', data: { ideaId: data.ideaId, likerIds, likes: Math.max(0, idea.likes - counted), unlikedAt: metadata.now } }];
};

/** The owner's edit of what the marketplace shows; a field left out stays, a blank one is refused. */
const editIdea = ({ data, metadata }: EditIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requireOwned(state, data.ideaId, metadata.actorId, data.formerOwnerIds);
  const title = typedTitle(data.title) ?? idea.title;
  let description = idea.description;
  if (data.description !== undefined) {
    description = data.description.trim();
    if (description === '') throw new ValidationError('description', BLANK_DESCRIPTION_MESSAGE);
  }
  if (title === idea.title && description === idea.description) return [];
  return [{ type: 'IdeaEdited', data: { ideaId: data.ideaId, title, description, editedAt: metadata.now } }];
};

/** Only its owner takes an idea down (see requireOwned). */
const unpublishIdea = ({ data, metadata }: UnpublishIdea, state: IdeaState): IdeaEvent[] => {
  requireOwned(state, data.ideaId, metadata.actorId, data.formerOwnerIds);
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
