import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('answers serialised once per document version', () => {
  it('builds an answer once per position, and again when the document moved', () => {
    const cache = createResponseCache();
    const build = vi.fn(() => ({ name: 'Tip Wall' }));
    expect(cache.json('projects_v2/p1', 10, build)).toBe('{"name":"Tip Wall"}');
    expect(cache.json('projects_v2/p1', 10, build)).toBe('{"name":"Tip Wall"}');
    expect(build).toHaveBeenCalledTimes(1);
    build.mockReturnValue({ name: 'Tip Jar' });
    expect(cache.json('projects_v2/p1', 11, build)).toBe('{"name":"Tip Jar"}');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('keeps documents apart, and drops the least recently used past its limit', () => {
    const cache = createResponseCache({ limit: 2 });
    const builds = { a: vi.fn(() => ({ id: 'a' })), b: vi.fn(() => ({ id: 'b' })), c: vi.fn(() => ({ id: 'c' })) };
    cache.json('a', 1, builds.a);
    cache.json('b', 1, builds.b);
    expect(cache.json('a', 1, builds.a)).toBe('{"id":"a"}'); // a is now the most recent
    cache.json('c', 1, builds.c); // so b goes
    expect(cache.json('b', 1, builds.b)).toBe('{"id":"b"}');
    expect(builds.a).toHaveBeenCalledTimes(1);
    expect(builds.b).toHaveBeenCalledTimes(2);
    expect(cache.json('a', 1, builds.a)).toBe('{"id":"a"}');
    expect(builds.a).toHaveBeenCalledTimes(2); // a went when b came back
    expect(builds.c).toHaveBeenCalledTimes(1);
  });

  it('gives the same answer with its length in UTF-8 bytes, measured once per position', () => {
    const cache = createResponseCache();
    const build = vi.fn(() => ({ name: 'Idée ✓' }));
    const first = cache.measured('projects_v2/p1', 10, build);
    expect(first).toEqual({ json: cache.json('projects_v2/p1', 10, build), length: '20' });
    expect(cache.measured('projects_v2/p1', 10, build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    build.mockReturnValue({ name: 'Idea' });
    expect(cache.measured('projects_v2/p1', 11, build)).toEqual({ json: '{"name":"Idea"}', length: '15' });
  });
});
