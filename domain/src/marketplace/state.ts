import { VIEW_WINDOW_MS } from './constants.ts';
import type { IdeaEvent } from './events.ts';
import { LayeredMap } from './layered-map.ts';

export interface PublishedIdeaState {
  status: 'published';
  ideaId: string;
  ownerId: string;
  /** What the listing shows and its owner may edit. */
  title: string;
  description: string;
  views: number;
  likes: number;
  /**
   * Who liked it (liker id → when, or `merged:<user id>` for a visitor's like that became that user's at sign-in:
   * still a like by that id, no longer counted apart).
   */
  likers: LayeredMap<string>;
  /** When each viewer's last counted view was, in milliseconds; views older than the window may be forgotten. */
  countedViews: LayeredMap<number>;
}

export type IdeaState =
  | { status: 'none' }
  | PublishedIdeaState
  /** Gone from the marketplace for good: nothing is counted on it any more. */
  | { status: 'unpublished'; ideaId: string; ownerId: string };

export const initialIdeaState = (): IdeaState => ({ status: 'none' });

export const evolveIdea = (state: IdeaState, event: IdeaEvent): IdeaState => {
  switch (event.type) {
    case 'IdeaPublished':
      return {
        status: 'published',
        ideaId: event.data.ideaId,
        ownerId: event.data.ownerId,
        title: event.data.title,
        description: event.data.description,
        views: 0,
        likes: 0,
        likers: LayeredMap.empty(),
        countedViews: LayeredMap.empty(),
      };
    case 'IdeaViewed': {
      if (state.status !== 'published') return state;
      const at = Date.parse(event.data.viewedAt);
      return {
        ...state,
        views: event.data.views,
        countedViews: state.countedViews.with(event.data.viewerId, at, (counted) => at - counted < VIEW_WINDOW_MS),
      };
    }
    case 'IdeaLiked':
      if (state.status !== 'published') return state;
      return { ...state, likes: event.data.likes, likers: state.likers.with(event.data.likerId, event.data.likedAt) };
    case 'IdeaUnliked':
      if (state.status !== 'published') return state;
      return { ...state, likes: event.data.likes, likers: event.data.likerIds.reduce((likers, id) => likers.without(id), state.likers) };
    case 'IdeaEdited':
      if (state.status !== 'published') return state;
      return { ...state, title: event.data.title, description: event.data.description };
    case 'IdeaLikeMerged': {
      if (state.status !== 'published') return state;
      const { fromLikerId, intoLikerId, mergedAt } = event.data;
      const likers = state.likers.has(intoLikerId) ? state.likers : state.likers.with(intoLikerId, mergedAt);
      return { ...state, likes: event.data.likes, likers: likers.with(fromLikerId, `merged:${intoLikerId}`) };
    }
    case 'IdeaTransferred':
      if (state.status !== 'published') return state;
      return { ...state, ownerId: event.data.toOwnerId };
    case 'IdeaUnpublished':
      if (state.status !== 'published') return state;
      return { status: 'unpublished', ideaId: state.ideaId, ownerId: state.ownerId };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};
