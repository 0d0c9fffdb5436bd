import type { CommandMetadata } from '../decider.ts';
import type {
  EditIdea,
  IdeaCommand,
  LikeIdea,
  MergeLiker,
  PublishIdea,
  PublishSource,
  TransferIdea,
  UnlikeIdea,
  UnpublishIdea,
  ViewIdea,
} from './commands.ts';
import type { IdeaEdited, IdeaLiked, IdeaPublished, IdeaUnliked, IdeaUnpublished, IdeaViewed } from './events.ts';

/**
 * Fixed test data for the idea decider (tests only; not exported from the package): one idea published from
 * Ann's project, a stranger, and a fixed clock that `at(minutes)` moves forward.
 */
export const ideaId = '7c1e0f4a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
export const projectId = '3f1d6a52-54a6-4c5e-9c3a-0d2f8b9e7a10';
export const owner = 'visitor-ann';
export const stranger = 'user-mallory';
export const now = '2026-11-23T10:00:00.000Z';
export const at = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();

export const metadata = (actorId = owner, when = now): CommandMetadata => ({ commandId: 'cmd-1', now: when, actorId });

export const project = (overrides: Partial<PublishSource> = {}): PublishSource => ({
  ownerId: owner,
  title: 'Tip Jar',
  coreIdea: 'A page where fans tip creators in XNO',
  viralTriggers: 'scarcity, social proof',
  techFramework: 'static page, XNO wallet',
  sustainability: 'tips fund the page',
  ...overrides,
});

const command = <C extends IdeaCommand>(type: C['type'], data: Omit<C['data'], 'ideaId'>, actorId: string, when: string): C =>
  ({ type, data: { ideaId, ...data }, metadata: metadata(actorId, when) }) as C;

export const publishIdea = (data: Partial<Omit<PublishIdea['data'], 'ideaId'>> = {}, actorId = owner) =>
  command<PublishIdea>('PublishIdea', { projectId, project: project(), ...data }, actorId, now);
export const viewIdea = (actorId = stranger, when = now) => command<ViewIdea>('ViewIdea', {}, actorId, when);
export const likeIdea = (actorId = stranger, when = now, person: Omit<LikeIdea['data'], 'ideaId'> = { alsoKnownAs: [] }) =>
  command<LikeIdea>('LikeIdea', person, actorId, when);
export const unlikeIdea = (actorId = stranger, when = now, person: Omit<UnlikeIdea['data'], 'ideaId'> = { alsoKnownAs: [] }) =>
  command<UnlikeIdea>('UnlikeIdea', person, actorId, when);
export const editIdea = (edit: Omit<EditIdea['data'], 'ideaId'>, actorId = owner, when = now) =>
  command<EditIdea>('EditIdea', { formerOwnerIds: [], ...edit }, actorId, when);
export const unpublishIdea = (actorId = owner, when = now, formerOwnerIds: string[] = []) =>
  command<UnpublishIdea>('UnpublishIdea', { formerOwnerIds }, actorId, when);
export const mergeLiker = (actorId: string, fromLikerId: string, alsoKnownAs: string[] = []) =>
  command<MergeLiker>('MergeLiker', { fromLikerId, alsoKnownAs }, actorId, now);
export const transferIdea = (actorId: string, fromOwnerId = owner) => command<TransferIdea>('TransferIdea', { fromOwnerId }, actorId, now);

export const ideaPublished = (data: Partial<IdeaPublished['data']> = {}): IdeaPublished => ({
  type: 'IdeaPublished',
  data: {
    ideaId,
    projectId,
    ownerId: owner,
    title: 'Tip Jar',
    description: 'A page where fans tip creators in XNO',
    imageUrl: null,
    coreIdea: 'A page where fans tip creators in XNO',
    viralTriggers: 'scarcity, social proof',
    techFramework: 'static page, XNO wallet',
    sustainability: 'tips fund the page',
    publishedAt: now,
    ...data,
  },
});
export const ideaViewed = (views: number, viewerId = stranger, viewedAt = now): IdeaViewed => ({
  type: 'IdeaViewed',
  data: { ideaId, viewerId, views, viewedAt },
});
export const ideaLiked = (likes: number, likerId = stranger, likedAt = now): IdeaLiked => ({
  type: 'IdeaLiked',
  data: { ideaId, likerId, likes, likedAt },
});
export const ideaUnpublished = (unpublishedAt = now): IdeaUnpublished => ({ type: 'IdeaUnpublished', data: { ideaId, unpublishedAt } });
export const ideaUnliked = (likes: number, likerIds: string[] = [stranger], unlikedAt = now): IdeaUnliked => ({
  type: 'IdeaUnliked',
  data: { ideaId, likerIds, likes, unlikedAt },
});
export const ideaEdited = (title: string, description: string, editedAt = now): IdeaEdited => ({
  type: 'IdeaEdited',
  data: { ideaId, title, description, editedAt },
});
