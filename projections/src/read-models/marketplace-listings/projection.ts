import { IDEA_EVENT_TYPES, readModels, topics, type IdeaEvent, type IdeaPublished } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';

/**
 * One document per idea ever published (spec 02 §3 "Marketplace idea"). An unpublished idea stays as a
 * content-free tombstone with `status: 'unpublished'`, so that its removal is announced on the live topics
 * (a deleted document carries no topics) and a replayed event finds the position it already applied; the
 * query API serves published ones only. `ownerId` is for ownership checks, never for the public.
 */
export type MarketplaceListingDocument = ReadModelMeta & {
  _id: string;
  status: 'published' | 'unpublished';
  ownerId: string;
  projectId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  views: number;
  likes: number;
  /**
   * Every id a like of this idea is recorded under (a visitor's merged into the user's stays, since that visitor
   * liked it too): the query API tells the asker whether they are among them, never who is.
   */
  likerIds: string[];
  createdAt: string;
  coreIdea: string;
  viralTriggers: string;
  techFramework: string;
  sustainability: string;
  unpublishedAt: string | null;
};

/** Heard by every open list: any idea published, liked, viewed or taken down. */

type Listing = ReadModel<MarketplaceListingDocument>;

/** Documents written by version 1 have no likerIds; a rebuild gives them, this keeps a replay on one safe. */
const withId = (ids: string[] | undefined, id: string) => (ids?.includes(id) ? ids : [...(ids ?? []), id]);

const published = ({ data }: IdeaPublished): Listing => ({
  _id: data.ideaId,
  status: 'published',
  ownerId: data.ownerId,
  projectId: data.projectId,
  title: data.title,
  description: data.description,
  imageUrl: data.imageUrl,
  views: 0,
  likes: 0,
  likerIds: [],
  createdAt: data.publishedAt,
  coreIdea: data.coreIdea,
  viralTriggers: data.viralTriggers,
  techFramework: data.techFramework,
  sustainability: data.sustainability,
  unpublishedAt: null,
});

export const marketplaceListingsProjection = defineProjection<IdeaEvent, MarketplaceListingDocument>({
  name: readModels.marketplaceListings,
  // v2: who liked (likerIds) for the asker's liked state, and the owner's edits (issue 26).
  version: 2,
  // The marketplace's two orders over published ideas (query-api ORDERS), and the cursor's tie-breaks.
  // The list's two orders and the operators' "top ideas by views" (likes' order serves "by likes").
  indexes: [
    { key: { status: 1, createdAt: -1, _id: -1 } },
    { key: { status: 1, likes: -1, createdAt: -1, _id: -1 } },
    { key: { status: 1, views: -1, createdAt: -1 } },
    // My ideas, and the ideas a visitor hands over at sign-in.
    { key: { ownerId: 1, status: 1, createdAt: -1, _id: -1 } },
  ],
  handles: IDEA_EVENT_TYPES,
  documentId: (event) => event.data.ideaId,
  topics: (doc) => [topics.marketplace, topics.idea(doc._id)],
  evolve: (doc, event) => {
    if (event.type === 'IdeaPublished') return published(event);
    // The decider refuses anything on an idea that is not published; a stray event changes nothing.
    if (!doc || doc.status !== 'published') return doc;
    switch (event.type) {
      case 'IdeaViewed':
        return { ...doc, views: event.data.views };
      case 'IdeaLiked':
        return { ...doc, likes: event.data.likes, likerIds: withId(doc.likerIds, event.data.likerId) };
      case 'IdeaLikeMerged':
        return { ...doc, likes: event.data.likes, likerIds: withId(doc.likerIds, event.data.intoLikerId) };
      case 'IdeaUnliked': {
        const gone = new Set(event.data.likerIds);
        return { ...doc, likes: event.data.likes, likerIds: (doc.likerIds ?? []).filter((id) => !gone.has(id)) };
      }
      case 'IdeaEdited':
        return { ...doc, title: event.data.title, description: event.data.description };
      case 'IdeaTransferred':
        return { ...doc, ownerId: event.data.toOwnerId };
      case 'IdeaUnpublished':
        return {
          ...doc,
          status: 'unpublished',
          title: '',
          description: '',
          imageUrl: null,
          likerIds: [],
          coreIdea: '',
          viralTriggers: '',
          techFramework: '',
          sustainability: '',
          unpublishedAt: event.data.unpublishedAt,
        };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
