import type { CommandMetadata, Decider } from '../decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { IdeaCommand, LikeIdea, PublishIdea, UnpublishIdea, ViewIdea } from './commands.ts';
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

/** A second like by the same account or visitor changes nothing: the answer says so, it is not an error. */
const likeIdea = ({ data, metadata }: LikeIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  if (idea.likers.has(metadata.actorId)) return [];
  return [{ type: 'IdeaLiked', data: { ideaId: data.ideaId, likerId: metadata.actorId, likes: idea.likes + 1, likedAt: metadata.now } }];
};

/** The idea is public, so refusing a stranger with 403 tells nothing that the marketplace does not show. */
const unpublishIdea = ({ data, metadata }: UnpublishIdea, state: IdeaState): IdeaEvent[] => {
  const idea = requirePublished(state, data.ideaId);
  if (idea.ownerId !== metadata.actorId) throw new ForbiddenError(NOT_IDEA_OWNER_MESSAGE, 'Forbidden');
  return [{ type: 'IdeaUnpublished', data: { ideaId: data.ideaId, unpublishedAt: metadata.now } }];
};

export const ideaDecider: Decider<IdeaCommand, IdeaEvent, IdeaState> = {
  decide: decideIdea,
  evolve: evolveIdea,
  initialState: initialIdeaState,
};
