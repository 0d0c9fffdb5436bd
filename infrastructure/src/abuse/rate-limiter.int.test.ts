import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores } from '../testing/embedded-stores.ts';
import { createRateLimiter, describeWait, RATE_LIMITS_COLLECTION } from './rate-limiter.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let now: number;
const HOUR = 60 * 60 * 1000;
const rule = { name: 'test', limit: 3, windowMs: HOUR };

beforeEach(async () => {
  stores = await openTestStores();
  now = Date.parse('2026-11-23T10:00:00.000Z');
});
afterEach(() => stores.cleanup());

const limiter = () => createRateLimiter({ documentStore: stores.documentStore, clock: () => new Date(now) });

describe('rate limiter', () => {
  it('allows up to the limit, refuses the next with a wait, and does not count refusals', async () => {
    const limits = limiter();
    for (let i = 0; i < 3; i++) expect((await limits.take(rule, '192.0.2.1')).allowed).toBe(true);
    const refused = await limits.take(rule, '192.0.2.1');
    expect(refused.allowed).toBe(false);
    // Three in the current window: they count fully until it ends, then fade over the next.
    expect(refused.retryAfterMs).toBeGreaterThan(HOUR);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(2 * HOUR);
    now += refused.retryAfterMs;
    expect((await limits.take(rule, '192.0.2.1')).allowed).toBe(true);
  });

  it('counts each key apart, and shares counts between limiters on the same store (replicas)', async () => {
    for (let i = 0; i < 3; i++) await limiter().take(rule, 'a');
    expect((await limiter().take(rule, 'a')).allowed).toBe(false);
    expect((await limiter().take(rule, 'b')).allowed).toBe(true);
  });

  it('slides: the previous window weighs what still overlaps the last hour', async () => {
    const limits = limiter();
    for (let i = 0; i < 3; i++) await limits.take(rule, 'k');
    now += HOUR; // the next window starts: the previous three still weigh fully
    expect((await limits.check(rule, 'k')).allowed).toBe(false);
    now += HOUR / 2; // half of them left
    expect((await limits.take(rule, 'k')).allowed).toBe(true);
  });

  it('checks without counting; hits count', async () => {
    const limits = limiter();
    for (let i = 0; i < 5; i++) expect((await limits.check(rule, 'k')).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await limits.hit(rule, 'k');
    expect((await limits.check(rule, 'k')).allowed).toBe(false);
  });

  it('is off at limit 0 and then writes nothing', async () => {
    const limits = limiter();
    for (let i = 0; i < 10; i++) expect((await limits.take({ ...rule, limit: 0 }, 'k')).allowed).toBe(true);
    expect(await stores.documentStore.count(RATE_LIMITS_COLLECTION)).toBe(0);
  });

  it('stores keys hashed, and sweeps counters that no longer count', async () => {
    const limits = limiter();
    await limits.take(rule, '203.0.113.9');
    expect(JSON.stringify(await stores.documentStore.find(RATE_LIMITS_COLLECTION))).not.toContain('203.0.113.9');
    now += 3 * HOUR;
    expect(await limits.sweep()).toBe(1);
    expect(await stores.documentStore.count(RATE_LIMITS_COLLECTION)).toBe(0);
  });

  it('lets no more than the limit through a burst of parallel takes, on one limiter or several on the same store', async () => {
    const burst = { ...rule, limit: 10 };
    const one = limiter();
    const oneLimiter = await Promise.all(Array.from({ length: 100 }, () => one.take(burst, 'burst-a')));
    expect(oneLimiter.filter((verdict) => verdict.allowed)).toHaveLength(10);
    const replicas = [limiter(), limiter(), limiter()];
    const shared = await Promise.all(Array.from({ length: 150 }, (_, i) => replicas[i % 3]!.take(burst, 'burst-b')));
    expect(shared.filter((verdict) => verdict.allowed)).toHaveLength(10);
    expect(shared.filter((verdict) => !verdict.allowed).every((verdict) => verdict.retryAfterMs >= 1000)).toBe(true);
  });

  it('keeps to the sliding estimate in a burst: what the previous window still weighs leaves less room', async () => {
    const limits = limiter();
    for (let i = 0; i < 2; i++) await limits.take(rule, 'k');
    now += HOUR; // both still weigh fully: one left
    expect((await Promise.all(Array.from({ length: 20 }, () => limits.take(rule, 'k')))).filter((v) => v.allowed)).toHaveLength(1);
  });

  it('gives a reservation back, never below zero', async () => {
    const limits = limiter();
    for (let i = 0; i < 3; i++) await limits.take(rule, 'k');
    await limits.release(rule, 'k');
    expect((await limits.take(rule, 'k')).allowed).toBe(true);
    expect((await limits.take(rule, 'k')).allowed).toBe(false);
    for (let i = 0; i < 5; i++) await limits.release(rule, 'fresh');
    for (let i = 0; i < 3; i++) expect((await limits.take(rule, 'fresh')).allowed).toBe(true);
    expect((await limits.take(rule, 'fresh')).allowed).toBe(false);
  });

  it('says how long to wait in words', () => {
    expect(describeWait(30_000)).toBe('30 seconds');
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(61 * 60_000)).toBe('61 minutes');
  });
});
