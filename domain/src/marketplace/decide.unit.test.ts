import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  BLANK_DESCRIPTION_MESSAGE,
  BLANK_TITLE_MESSAGE,
  DEFAULT_IDEA_TITLE,
  IDEA_NOT_FOUND_MESSAGE,
  MISSING_CORE_IDEA_MESSAGE,
} from './constants.ts';
import { ideaDecider } from './decide.ts';
import {
  at,
  editIdea,
  ideaEdited,
  ideaId,
  ideaLiked,
  ideaPublished,
  ideaUnliked,
  ideaUnpublished,
  ideaViewed,
  likeIdea,
  mergeLiker,
  now,
  owner,
  project,
  publishIdea,
  stranger,
  transferIdea,
  unlikeIdea,
  unpublishIdea,
  viewIdea,
} from './fixtures.ts';

const given = deciderSpec(ideaDecider);

describe('PublishIdea', () => {
  it("publishes the payload from the caller's own project, the description taken from the core idea", () =>
    given([]).when(publishIdea()).then([ideaPublished()]));

  it("keeps the fields the payload gives over the project's, trimmed", () =>
    given([])
      .when(
        publishIdea({
          title: '  Fan Tips  ',
          coreIdea: ' Tip your favourite streamer ',
          viralTriggers: 'leaderboard',
          techFramework: 'one page',
          sustainability: 'closed loop',
          description: 'Tips, live',
          imageUrl: 'https://example.com/tips.png',
        }),
      )
      .then([
        ideaPublished({
          title: 'Fan Tips',
          coreIdea: 'Tip your favourite streamer',
          viralTriggers: 'leaderboard',
          techFramework: 'one page',
          sustainability: 'closed loop',
          description: 'Tips, live',
          imageUrl: 'https://example.com/tips.png',
        }),
      ]));

  it("describes the idea with the project's refined description when the payload gives none, the core idea otherwise", () =>
    given([])
      .when(publishIdea({ description: ' ', project: project({ description: 'Tips that pay back daily\n\nHeadline: Tip. Win.' }) }))
      .then([ideaPublished({ description: 'Tips that pay back daily\n\nHeadline: Tip. Win.' })]));

  it('keeps the core idea as the description when the refined one is blank', () =>
    given([])
      .when(publishIdea({ project: project({ description: '  ' }) }))
      .then([ideaPublished()]));

  it("titles the idea with the project's suggested title when the payload gives none", () =>
    given([])
      .when(publishIdea({ project: project({ title: 'Streamer Tips' }) }))
      .then([ideaPublished({ title: 'Streamer Tips' })]));

  it('refuses a blank title the person typed, naming the field (issue 26)', () =>
    given([])
      .when(publishIdea({ title: '   ' }))
      .thenThrows(ValidationError, BLANK_TITLE_MESSAGE));

  it("titles it 'My Viral Idea' when the project has no name either", () =>
    given([])
      .when(publishIdea({ project: project({ title: ' ' }) }))
      .then([ideaPublished({ title: DEFAULT_IDEA_TITLE })]));

  it('takes blank sections from the project', () =>
    given([])
      .when(publishIdea({ viralTriggers: ' ', coreIdea: '' }))
      .then([ideaPublished()]));

  it("refuses another's project as if it did not exist", () =>
    given([]).when(publishIdea({}, stranger)).thenThrows(NotFoundError, 'Project not found'));

  it('refuses a project that does not exist', () =>
    given([])
      .when(publishIdea({ project: null }))
      .thenThrows(NotFoundError, 'Project not found'));

  it('refuses an idea with no core idea, naming the field', () =>
    given([])
      .when(publishIdea({ project: project({ coreIdea: '  ' }) }))
      .thenThrows(ValidationError, MISSING_CORE_IDEA_MESSAGE));

  it('refuses to publish the same idea twice', () => given([ideaPublished()]).when(publishIdea()).thenThrows(ConflictError));
});

describe('ViewIdea', () => {
  it('counts a first view', () =>
    given([ideaPublished()])
      .when(viewIdea())
      .then([ideaViewed(1)]));

  it('does not count the same viewer again within the hour', () =>
    given([ideaPublished(), ideaViewed(1)])
      .when(viewIdea(stranger, at(59)))
      .thenNothingHappened());

  it('counts the same viewer again once the hour has passed', () =>
    given([ideaPublished(), ideaViewed(1)])
      .when(viewIdea(stranger, at(60)))
      .then([ideaViewed(2, stranger, at(60))]));

  it('measures the hour from the last counted view, not the last visit', () =>
    given([ideaPublished(), ideaViewed(1), ideaViewed(2, stranger, at(60))])
      .when(viewIdea(stranger, at(119)))
      .thenNothingHappened());

  it('counts each viewer once, the owner too', () =>
    given([ideaPublished(), ideaViewed(1)])
      .when(viewIdea(owner, at(1)))
      .then([ideaViewed(2, owner, at(1))]));

  it('answers not found for an idea that was never published', () => given([]).when(viewIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));

  it('answers not found for an unpublished idea', () =>
    given([ideaPublished(), ideaUnpublished()]).when(viewIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));
});

describe('LikeIdea', () => {
  it('records a like with the new total', () =>
    given([ideaPublished(), ideaLiked(1, owner)])
      .when(likeIdea())
      .then([ideaLiked(2)]));

  it('changes nothing for a second like by the same account, however late', () =>
    given([ideaPublished(), ideaLiked(1)])
      .when(likeIdea(stranger, at(60 * 24 * 30)))
      .thenNothingHappened());

  it('tells a visitor and a user apart', () =>
    given([ideaPublished(), ideaLiked(1, 'visitor-mallory')])
      .when(likeIdea('user-mallory'))
      .then([ideaLiked(2, 'user-mallory')]));

  it('answers not found for an idea that was never published', () => given([]).when(likeIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));

  it("changes nothing when any of the person's ids has liked it (the visitor they were, the user they are)", () =>
    given([ideaPublished(), ideaLiked(1, 'visitor-mallory')])
      .when(likeIdea('user-mallory', now, { alsoKnownAs: ['visitor-mallory'] }))
      .thenNothingHappened());

  it("records a like under the person's id: the user's, for the visitor a browser became after signing out", () =>
    given([ideaPublished()])
      .when(likeIdea('visitor-after', now, { likerId: 'user-mallory', alsoKnownAs: ['visitor-after'] }))
      .then([ideaLiked(1, 'user-mallory')]));

  it('answers not found for an unpublished idea', () =>
    given([ideaPublished(), ideaUnpublished()]).when(likeIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));
});

describe('UnpublishIdea', () => {
  it('takes the idea off the marketplace for its owner', () =>
    given([ideaPublished()])
      .when(unpublishIdea(owner, at(5)))
      .then([ideaUnpublished(at(5))]));

  it('answers anyone else as if there were no such idea to take down', () =>
    given([ideaPublished()]).when(unpublishIdea(stranger)).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));

  it('takes it down for the user the publishing visitor became', () =>
    given([ideaPublished()])
      .when(unpublishIdea('user-ann', now, [owner]))
      .then([ideaUnpublished(now)]));
});

describe('MergeLiker', () => {
  const merged = (likes: number) => ({
    type: 'IdeaLikeMerged' as const,
    data: { ideaId, fromLikerId: 'visitor-v', intoLikerId: 'user-u', likes, mergedAt: now },
  });

  it('counts once an idea both the visitor and the user it became had liked', () =>
    given([ideaPublished(), ideaLiked(1, 'user-u'), ideaLiked(2, 'visitor-v')])
      .when(mergeLiker('user-u', 'visitor-v'))
      .then([merged(1)]));

  it("counts once when another of the user's ids had liked it", () =>
    given([ideaPublished(), ideaLiked(1, 'visitor-w'), ideaLiked(2, 'visitor-v')])
      .when(mergeLiker('user-u', 'visitor-v', ['visitor-w']))
      .then([merged(1)]));

  it("makes the visitor's like the user's, still one, and no like by the user can add to it", () => {
    given([ideaPublished(), ideaLiked(1, 'visitor-v')])
      .when(mergeLiker('user-u', 'visitor-v'))
      .then([merged(1)]);
    given([ideaPublished(), ideaLiked(1, 'visitor-v'), merged(1)])
      .when(likeIdea('user-u'))
      .thenNothingHappened();
  });

  it('merges once, and nothing for a visitor who never liked it', () => {
    given([ideaPublished(), ideaLiked(1, 'user-u'), ideaLiked(2, 'visitor-v'), merged(1)])
      .when(mergeLiker('user-u', 'visitor-v'))
      .thenNothingHappened();
    given([ideaPublished()]).when(mergeLiker('user-u', 'visitor-v')).thenNothingHappened();
  });
});

describe('TransferIdea', () => {
  it("moves the visitor's idea to the user who signed in, who may then take it down", () => {
    given([ideaPublished()])
      .when(transferIdea('user-ann'))
      .then([{ type: 'IdeaTransferred', data: { ideaId, fromOwnerId: owner, toOwnerId: 'user-ann', transferredAt: now } }]);
    given([ideaPublished(), { type: 'IdeaTransferred', data: { ideaId, fromOwnerId: owner, toOwnerId: 'user-ann', transferredAt: now } }])
      .when(unpublishIdea('user-ann'))
      .then([ideaUnpublished(now)]);
  });

  it("refuses to move another's idea", () => given([ideaPublished()]).when(transferIdea('user-ann', stranger)).thenThrows(ForbiddenError));

  it('answers not found once it is unpublished', () =>
    given([ideaPublished(), ideaUnpublished()]).when(unpublishIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));

  it('answers not found for an idea that was never published', () => given([]).when(unpublishIdea()).thenThrows(NotFoundError));
});

describe('idea state', () => {
  it('keeps the counts the events carry', () => {
    const state = [ideaPublished(), ideaViewed(1), ideaLiked(1), ideaLiked(2, owner)].reduce(ideaDecider.evolve, ideaDecider.initialState());
    expect(state).toMatchObject({ status: 'published', views: 1, likes: 2 });
  });

  it('is not changed by a branch folded from it and thrown away, as a failed append does', () => {
    const published = [ideaPublished()].reduce(ideaDecider.evolve, ideaDecider.initialState());
    ideaDecider.evolve(ideaDecider.evolve(published, ideaLiked(1)), ideaViewed(1));
    expect(ideaDecider.decide(likeIdea(), published)).toEqual([ideaLiked(1)]);
    expect(ideaDecider.decide(viewIdea(), published)).toEqual([ideaViewed(1)]);
  });
});

describe('UnlikeIdea', () => {
  it('takes the like back and counts one less', () =>
    given([ideaPublished(), ideaLiked(1, 'user-ann'), ideaLiked(2)])
      .when(unlikeIdea())
      .then([ideaUnliked(1)]));

  it('changes nothing for a person who had not liked it', () =>
    given([ideaPublished(), ideaLiked(1, 'user-ann')])
      .when(unlikeIdea())
      .then([]));

  it('lets the person like it again afterwards, counted once', () =>
    given([ideaPublished(), ideaLiked(1), ideaUnliked(0)])
      .when(likeIdea())
      .then([ideaLiked(1)]));

  it("takes back a visitor's like merged into the user's, with the user's, as one like", () =>
    given([
      ideaPublished(),
      ideaLiked(1, 'visitor-v'),
      { type: 'IdeaLikeMerged', data: { ideaId, fromLikerId: 'visitor-v', intoLikerId: 'user-u', likes: 1, mergedAt: now } },
    ])
      .when(unlikeIdea('visitor-v2', now, { likerId: 'user-u', alsoKnownAs: ['visitor-v'] }))
      .then([ideaUnliked(0, ['user-u', 'visitor-v'])]));

  it('refuses an idea that is gone', () =>
    given([ideaPublished(), ideaUnpublished()]).when(unlikeIdea()).thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));
});

describe('EditIdea', () => {
  it("changes the listing's title and description, trimmed", () =>
    given([ideaPublished()])
      .when(editIdea({ title: ' Daily Roast Pool ', description: ' Roast a friend a day ' }))
      .then([ideaEdited('Daily Roast Pool', 'Roast a friend a day')]));

  it('keeps the field left out', () =>
    given([ideaPublished()])
      .when(editIdea({ title: 'Daily Roast Pool' }))
      .then([ideaEdited('Daily Roast Pool', ideaPublished().data.description)]));

  it('changes nothing when nothing differs', () =>
    given([ideaPublished()])
      .when(editIdea({ title: 'Tip Jar' }))
      .then([]));

  it('edits from the last edit', () =>
    given([ideaPublished(), ideaEdited('Roast', 'Daily')])
      .when(editIdea({ description: 'Daily' }))
      .then([]));

  it('refuses a blank title or description, naming the field', () => {
    given([ideaPublished()])
      .when(editIdea({ title: ' ' }))
      .thenThrows(ValidationError, BLANK_TITLE_MESSAGE);
    given([ideaPublished()])
      .when(editIdea({ description: '' }))
      .thenThrows(ValidationError, BLANK_DESCRIPTION_MESSAGE);
  });

  it('answers anyone but the owner as if there were no such idea', () =>
    given([ideaPublished()])
      .when(editIdea({ title: 'Mine now' }, stranger))
      .thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));

  it('lets the user a visiting publisher became edit it', () =>
    given([ideaPublished()])
      .when(editIdea({ title: 'Roast', formerOwnerIds: [owner] }, 'user-ann'))
      .then([ideaEdited('Roast', ideaPublished().data.description)]));

  it('refuses an idea that is gone', () =>
    given([ideaPublished(), ideaUnpublished()])
      .when(editIdea({ title: 'Back' }))
      .thenThrows(NotFoundError, IDEA_NOT_FOUND_MESSAGE));
});
