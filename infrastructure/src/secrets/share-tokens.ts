import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private share links (issue 26) are opened by a token that only the link holds: events and reads keep its
 * SHA-256 (a 192-bit random token needs no slow hash: nothing can be guessed to match it).
 */
export const hashShareToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * 192 bits a caller cannot predict, the same for the same command: a retried create (same Idempotency-Key)
 * answers the link its first try made, though only the hash was kept.
 */
export const drawShareToken = (serverSecret: string, commandId: string): string =>
  createHmac('sha256', serverSecret).update(`share-link:${commandId}`, 'utf8').digest('base64url').slice(0, 32);

/**
 * Whether `token` opens one of the links (by id: a hash, or for a link made before tokens were hashed, the token
 * itself). Every link is compared, in constant time, on hashes of one length.
 */
export const shareTokenOpens = (token: string, links: Iterable<readonly [string, { legacy: boolean }]>): boolean => {
  const presented = Buffer.from(hashShareToken(token));
  let opens = false;
  for (const [id, link] of links) {
    const expected = Buffer.from(link.legacy ? hashShareToken(id) : id);
    if (expected.length === presented.length && timingSafeEqual(expected, presented)) opens = true;
  }
  return opens;
};
