import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  MAX_SHARE_LINKS,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  shareLinkDecider,
  TOO_MANY_SHARE_LINKS_MESSAGE,
  type CreateShareLink,
  type RevokeShareLink,
  type ShareLinkCreated,
  type ShareLinkRevoked,
} from './share-link.ts';

const given = deciderSpec(shareLinkDecider);
const projectId = 'p-1';
const owner = 'user-ann';
const now = '2026-11-27T08:00:00.000Z';
const token = 'q0B6W2d9rVxS4n8mZp1cTgH3yJ5kLa7e';
const other = 'Zz9yXx8wVv7uUu6tTt5sSs4rRr3qQq2p';

const metadata = (actorId: string) => ({ commandId: 'c-1', now, actorId });
const create = (what: { token?: string; actorId?: string; ownerId?: string | null } = {}): CreateShareLink => ({
  type: 'CreateShareLink',
  data: { projectId, token: what.token ?? token, project: what.ownerId === null ? null : { ownerId: what.ownerId ?? owner } },
  metadata: metadata(what.actorId ?? owner),
});
const revoke = (what: { token?: string; actorId?: string } = {}): RevokeShareLink => ({
  type: 'RevokeShareLink',
  data: { projectId, token: what.token ?? token, project: { ownerId: owner } },
  metadata: metadata(what.actorId ?? owner),
});
const created = (at = token): ShareLinkCreated => ({ type: 'ShareLinkCreated', data: { projectId, token: at, createdBy: owner, createdAt: now } });
const revoked = (at = token): ShareLinkRevoked => ({ type: 'ShareLinkRevoked', data: { projectId, token: at, revokedBy: owner, revokedAt: now } });

describe('CreateShareLink', () => {
  it("makes a link to the owner's project with the token the command API drew", () => given([]).when(create()).then([created()]));

  it("answers another's project, or none, as missing", () => {
    given([])
      .when(create({ actorId: 'user-mallory' }))
      .thenThrows(NotFoundError);
    given([])
      .when(create({ ownerId: null }))
      .thenThrows(NotFoundError);
  });

  it('refuses a guessable token, naming it', () =>
    given([])
      .when(create({ token: 'abc' }))
      .thenThrows(ValidationError));

  it('refuses the same token twice', () => given([created()]).when(create()).thenThrows(ConflictError));

  it('makes a new link after a revoked one', () =>
    given([created(), revoked()])
      .when(create({ token: other }))
      .then([created(other)]));

  it(`keeps at most ${MAX_SHARE_LINKS} live links`, () =>
    given(Array.from({ length: MAX_SHARE_LINKS }, (_, index) => created(`${'a'.repeat(30)}${String(index).padStart(2, '0')}`)))
      .when(create())
      .thenThrows(ValidationError, TOO_MANY_SHARE_LINKS_MESSAGE));
});

describe('RevokeShareLink', () => {
  it('revokes a live link', () => given([created()]).when(revoke()).then([revoked()]));

  it('answers a revoked or unknown link as missing', () => {
    given([created(), revoked()]).when(revoke()).thenThrows(NotFoundError, SHARE_LINK_NOT_FOUND_MESSAGE);
    given([created()])
      .when(revoke({ token: other }))
      .thenThrows(NotFoundError, SHARE_LINK_NOT_FOUND_MESSAGE);
  });

  it('lets no one but the owner revoke it', () =>
    given([created()])
      .when(revoke({ actorId: 'user-mallory' }))
      .thenThrows(NotFoundError));
});
