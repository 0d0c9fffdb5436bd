import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it.each(['/', '/stage-2', '/marketplace/abc?sort=new#top', '/dashboard?x=%2F%2Fevil.com'])('keeps the path %j on this site', (path) =>
    expect(safeReturnTo(path)).toBe(path),
  );

  it.each([
    '//evil.com',
    '///evil.com',
    '/a/../..//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    'stage-2',
    '',
    ' /stage-2',
    '/auth/logout',
    '/auth/google?returnTo=/x',
    `/${'a'.repeat(2000)}`,
  ])('turns %j into /', (value) => expect(safeReturnTo(value)).toBe('/'));

  it('turns anything but one string into /', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/a', '/b'])).toBe('/');
  });

  it('answers the normalized path, so what is checked is what the browser follows', () => {
    expect(safeReturnTo('/a/../b')).toBe('/b');
    expect(safeReturnTo('/./stage-1')).toBe('/stage-1');
  });
});
