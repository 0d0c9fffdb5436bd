import { beforeEach, describe, expect, it } from 'vitest';

// The logs live in local storage: a Map stands in for the browser's.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});
const { aiProcessLog, appLog, LOG_CAP, redact } = await import('./local-log.ts');

describe('the local application log', () => {
  beforeEach(() => stored.clear());

  it('keeps the spec fields of an entry, in local storage', () => {
    const error = new Error('boom');
    appLog.write('error', 'render', 'Application Error: boom', { data: { path: '/stage-1' }, error });
    const [entry] = JSON.parse(stored.get('appLogs')!);
    expect(entry).toMatchObject({ level: 'error', context: 'render', message: 'Application Error: boom', data: { path: '/stage-1' } });
    expect(entry.stackTrace).toContain('boom');
    expect(Date.parse(entry.timestamp)).not.toBeNaN();
  });

  it('keeps only the last 100 entries', () => {
    for (let index = 0; index < LOG_CAP + 20; index++) appLog.write('info', 'test', `entry ${index}`);
    const entries = appLog.entries();
    expect(entries).toHaveLength(100);
    expect(entries[0]!.message).toBe('entry 20');
    expect(entries.at(-1)!.message).toBe('entry 119');
  });

  it('writes no secret: secret fields and secret-shaped text are redacted', () => {
    appLog.write('warn', 'api', 'POST /api/verify-api-key with AIzaSyA1234567890abcdefghijk failed', {
      data: { apiKey: 'AIzaSyA1234567890abcdefghijk', nested: { clientSecret: 'pi_123_secret_456' }, note: 'sk_live_abcdef123' },
    });
    const text = stored.get('appLogs')!;
    expect(text).not.toContain('AIzaSy');
    expect(text).not.toContain('pi_123_secret_456');
    expect(text).not.toContain('sk_live_abcdef123');
    expect(appLog.entries()[0]!.data).toEqual({ apiKey: '[redacted]', nested: { clientSecret: '[redacted]' }, note: '[redacted]' });
  });

  it('clears', () => {
    appLog.write('info', 'test', 'one');
    appLog.clear();
    expect(appLog.entries()).toEqual([]);
    expect(stored.has('appLogs')).toBe(false);
  });

  it('survives a broken stored value', () => {
    stored.set('appLogs', '{not json');
    expect(appLog.entries()).toEqual([]);
    appLog.write('info', 'test', 'after');
    expect(appLog.entries().map((entry) => entry.message)).toEqual(['after']);
  });

  it('redacts deep values without walking forever', () =>
    expect(redact({ a: { b: { c: { d: { e: 1 } } } } })).toEqual({ a: { b: { c: { d: '[…]' } } } }));
});

describe('the AI process log', () => {
  beforeEach(() => stored.clear());

  it('keeps type, content and status of the last 100 messages', () => {
    for (let index = 0; index < 105; index++) aiProcessLog.write({ type: 'progress', content: `step ${index}`, status: 'processing' });
    const entries = aiProcessLog.entries();
    expect(entries).toHaveLength(100);
    expect(entries.at(-1)).toMatchObject({ type: 'progress', content: 'step 104', status: 'processing' });
    expect(JSON.parse(stored.get('aiProcessLog')!)).toHaveLength(100);
  });
});
