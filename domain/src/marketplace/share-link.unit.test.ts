import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
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
/** SHA-256 hashes in base64url, as the command API sends them: the tokens themselves never come here. */
const hash = 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg';
const otherHash = 'LPJNul-wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ';
/** A link made before tokens were hashed: its events hold the token. */
const legacyToken = 'q0B6W2d9rVxS4n8mZp1cTgH3yJ5kLa7e';

const metadata = (actorId: string) => ({ commandId: 'c-1', now, actorId });
const create = (what: { tokenHash?: string; actorId?: string; ownerId?: string | null } = {}): CreateShareLink => ({
  type: 'CreateShareLink',
  data: { projectId, tokenHash: what.tokenHash ?? hash, project: what.ownerId === null ? null : { ownerId: what.ownerId ?? owner } },
  metadata: metadata(what.actorId ?? owner),
});
const revoke = (what: { linkId?: string; actorId?: string } = {}): RevokeShareLink => ({
  type: 'RevokeShareLink',
  data: { projectId, linkId: what.linkId ?? hash, project: { ownerId: owner } },
  metadata: metadata(what.actorId ?? owner),
});
const created = (tokenHash = hash): ShareLinkCreated => ({
  type: 'ShareLinkCreated',
  data: { projectId, tokenHash, createdBy: owner, createdAt: now },
});
const revoked = (linkId = hash): ShareLinkRevoked => ({ type: 'ShareLinkRevoked', data: { projectId, linkId, revokedBy: owner, revokedAt: now } });
const legacyCreated: ShareLinkCreated = { type: 'ShareLinkCreated', data: { projectId, token: legacyToken, createdBy: owner, createdAt: now } };
const legacyRevoked: ShareLinkRevoked = { type: 'ShareLinkRevoked', data: { projectId, token: legacyToken, revokedBy: owner, revokedAt: now } };

describe('CreateShareLink', () => {
  it("makes a link to the owner's project, recording only the token's hash", () => given([]).when(create()).then([created()]));

  it("answers another's project, or none, as missing", () => {
    given([])
      .when(create({ actorId: 'user-mallory' }))
      .thenThrows(NotFoundError);
    given([])
      .when(create({ ownerId: null }))
      .thenThrows(NotFoundError);
  });

  it('refuses what is not a token hash (a raw token, say), naming it', () => {
    given([])
      .when(create({ tokenHash: 'abc' }))
      .thenThrows(ValidationError);
    given([])
      .when(create({ tokenHash: legacyToken }))
      .thenThrows(ValidationError);
  });

  it('refuses the same token twice', () => given([created()]).when(create()).thenThrows(ConflictError));

  it('makes a new link after a revoked one', () =>
    given([created(), revoked()])
      .when(create({ tokenHash: otherHash }))
      .then([created(otherHash)]));

  it(`keeps at most ${MAX_SHARE_LINKS} live links, old ones included`, () =>
    given([
      legacyCreated,
      ...Array.from({ length: MAX_SHARE_LINKS - 1 }, (_, index) => created(`${'a'.repeat(41)}${String(index).padStart(2, '0')}`)),
    ])
      .when(create())
      .thenThrows(ValidationError, TOO_MANY_SHARE_LINKS_MESSAGE));
});

describe('RevokeShareLink', () => {
  it('revokes a live link by its id', () => given([created()]).when(revoke()).then([revoked()]));

  it('answers a revoked or unknown link as missing', () => {
    given([created(), revoked()]).when(revoke()).thenThrows(NotFoundError, SHARE_LINK_NOT_FOUND_MESSAGE);
    given([created()])
      .when(revoke({ linkId: otherHash }))
      .thenThrows(NotFoundError, SHARE_LINK_NOT_FOUND_MESSAGE);
  });

  it('lets no one but the owner revoke it', () =>
    given([created()])
      .when(revoke({ actorId: 'user-mallory' }))
      .thenThrows(NotFoundError));

  it('revokes a link made before tokens were hashed, by its token', () =>
    given([legacyCreated])
      .when(revoke({ linkId: legacyToken }))
      .then([revoked(legacyToken)]));
});

describe('links made before tokens were hashed', () => {
  it('are live, known by their token, until revoked as they were then', () => {
    const live = fold(shareLinkDecider, [legacyCreated, created()]).links;
    expect([...live]).toEqual([
      [legacyToken, { createdAt: now, legacy: true }],
      [hash, { createdAt: now, legacy: false }],
    ]);
    expect([...fold(shareLinkDecider, [legacyCreated, created(), legacyRevoked]).links.keys()]).toEqual([hash]);
  });
});
