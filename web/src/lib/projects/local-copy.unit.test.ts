import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage.ts';
import type { ProjectResponse } from './get-project.ts';
import { forgetLocalCopy, isServerUnreachable, readLocalCopy, saveLocalCopy } from './local-copy.ts';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const response = (id = 'p-1') =>
  ({
    project: { id, name: 'Tip Jar', coreIdea: 'A page that pays' },
    stages: [{ stageNumber: 1, data: { viralParameters: ['one-page'] } }],
    context: {},
    progress: { percent: 20 },
  }) as unknown as ProjectResponse;

describe('the local copy of the last loaded project (spec 01 §4 On load)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('gives back what was saved, with when', () => {
    saveLocalCopy(response(), new Date('2026-11-23T10:00:00.000Z'));
    expect(readLocalCopy()).toEqual({ savedAt: '2026-11-23T10:00:00.000Z', response: response() });
  });

  it('keeps only the last loaded project', () => {
    saveLocalCopy(response('p-1'));
    saveLocalCopy(response('p-2'));
    expect(readLocalCopy()?.response.project.id).toBe('p-2');
  });

  it('has nothing when nothing was saved, or the stored text is not a copy', () => {
    expect(readLocalCopy()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.projectCopy, '{not json');
    expect(readLocalCopy()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.projectCopy, JSON.stringify({ savedAt: 'x', response: { project: {} } }));
    expect(readLocalCopy()).toBeNull();
  });

  it('forgets the copy of a project that is gone, and only that one', () => {
    saveLocalCopy(response('p-1'));
    forgetLocalCopy('p-2');
    expect(readLocalCopy()).not.toBeNull();
    forgetLocalCopy('p-1');
    expect(readLocalCopy()).toBeNull();
  });

  it('never throws when storage refuses', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => saveLocalCopy(response())).not.toThrow();
    expect(readLocalCopy()).toBeNull();
    warn.mockRestore();
  });
});

describe('isServerUnreachable', () => {
  it('is a request that got no answer, or a proxy answering for a missing service', () => {
    expect(isServerUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isServerUnreachable(new ApiError(502, 'Bad Gateway', null))).toBe(true);
    expect(isServerUnreachable(new ApiError(503, 'Service Unavailable', null))).toBe(true);
  });

  it("is not the server's own answer", () => {
    expect(isServerUnreachable(new ApiError(404, 'Not found', null))).toBe(false);
    expect(isServerUnreachable(new ApiError(401, 'Unauthorized', null))).toBe(false);
    expect(isServerUnreachable(new ApiError(500, 'Internal', null))).toBe(false);
    expect(isServerUnreachable(new Error('bug'))).toBe(false);
  });
});
