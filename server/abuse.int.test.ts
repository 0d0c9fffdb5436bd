import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';
import { freePort } from './testing/topology.ts';

/**
 * The abuse a script can do to the product without an account (issue 11, defects 1, 2, 4 and 8), each against
 * the whole embedded server as `npm start` runs it, with the limits configured as a test needs them.
 */
let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const start = async (config: Parameters<typeof startTestServer>[0] = {}) => (server = await startTestServer(config));

/** A request without cookies, as a script sends it. */
const bare = (method: string, path: string, body?: unknown) =>
  fetch(`${server!.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as Record<string, any> | null }));

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const sequentially = async <T>(times: number, run: (index: number) => Promise<T>) => {
  const results: T[] = [];
  for (let i = 0; i < times; i++) results.push(await run(i));
  return results;
};

describe('one browser is one visitor from its first request', () => {
  it('starts the session on the first read (and on the page itself), so parallel first calls share one account', async () => {
    await start();
    const user = await bare('GET', '/api/auth/user');
    expect(user.status).toBe(200);
    expect(user.headers.getSetCookie().join(';')).toMatch(/vis\.sid=/);
    const page = await fetch(`${server!.url}/stage-1`);
    await page.text();
    expect(page.headers.getSetCookie().join(';')).toMatch(/vis\.sid=/);

    // Beside it, one the page can read, which tells it that its calls now share one session (VISITOR_COOKIE).
    const visitorCookie = user.headers.getSetCookie().find((line) => line.startsWith('vis.visitor=1;'));
    expect(visitorCookie).toBeDefined();
    expect(visitorCookie).not.toMatch(/httponly/i);
    const again = await fetch(`${server!.url}/api/auth/user`, {
      headers: {
        cookie: user.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      },
    });
    expect(again.headers.getSetCookie()).toEqual([]);
    // A session from before there was such a cookie gets it on its next call, and keeps its visitor.
    const sessionOnly = user.headers
      .getSetCookie()
      .filter((line) => line.startsWith('vis.sid'))
      .map((line) => line.split(';')[0])
      .join('; ');
    const older = await fetch(`${server!.url}/api/auth/user`, { headers: { cookie: sessionOnly } });
    expect(older.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual(['vis.visitor']);

    // A page that fires its commands together right after loading: one visitor, one account, one project list.
    const browser = httpClient(server!.url);
    await browser.call('GET', '/');
    const created = await Promise.all([1, 2, 3].map(() => browser.call('POST', '/api/projects', {})));
    const actors = new Set(
      (await server!.eventStore.readAll())
        .filter((event) => event.type === 'ProjectCreated')
        .map((event) => (event.metadata as { actorId: string }).actorId),
    );
    expect(created.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(actors.size).toBe(1);
  });
});

describe('new visitors per client address', () => {
  it('lets a cookie-less script be a new visitor only RATE_LIMIT_NEW_VISITORS_PER_HOUR times, then answers 429', async () => {
    await start({ config: { RATE_LIMIT_NEW_VISITORS_PER_HOUR: 5 } });
    const results = await sequentially(20, () => bare('POST', '/api/generate-parameter', { prompt: 'viral triggers' }));
    expect(statuses(results)).toEqual({ 200: 5, 429: 15 });
    const refused = results.at(-1)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ success: false, error: 'Too many new visitors' });
    expect(refused.body!.message).toMatch(/try again in \d+ minutes?, or sign in/);
  });

  it('still answers reads, anonymously and without a session, and likes stop counting', async () => {
    await start({ config: { RATE_LIMIT_NEW_VISITORS_PER_HOUR: 3 } });
    const publisher = httpClient(server!.url);
    const project = await publisher.call('POST', '/api/projects', { project: { name: 'Loop', coreIdea: 'A loop that shares itself' } });
    const published = await publisher.call('POST', '/api/marketplace/ideas', { projectId: project.body.project.id });
    expect(published.status).toBe(201);
    const likes = await sequentially(30, () => bare('POST', `/api/marketplace/ideas/${published.body.id}/like`));
    // The publisher was the first visitor of this address: two more may be new.
    expect(statuses(likes)).toEqual({ 200: 2, 429: 28 });
    const read = await bare('GET', '/api/auth/user');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ isAuthenticated: false });
    expect(read.headers.getSetCookie()).toEqual([]);
    const list = await bare('GET', '/api/marketplace/ideas');
    expect(list.status).toBe(200);
  });
});

describe("visitors' free AI plays per client address", () => {
  it('spends at most RATE_LIMIT_VISITOR_AI_PER_HOUR free plays across all visitors of one address', async () => {
    await start({ config: { RATE_LIMIT_VISITOR_AI_PER_HOUR: 4 } });
    const [ann, bo] = [httpClient(server!.url), httpClient(server!.url)];
    const ask = (who: typeof ann) => who.call('POST', '/api/generate-parameter', { prompt: 'viral triggers' });
    expect((await sequentially(3, () => ask(ann))).map((res) => res.status)).toEqual([200, 200, 200]);
    const bos = await sequentially(3, () => ask(bo));
    expect(bos.map((res) => res.status)).toEqual([200, 429, 429]);
    expect(bos[1]!.body).toMatchObject({ success: false, error: 'Too many free AI requests' });
    expect(bos[1]!.body.message).toMatch(/try again in \d+ minutes?, or sign in/);
    // Nothing was charged for the refusals: Bo still has two free plays.
    expect((await bo.call('GET', '/api/auth/user')).body).toMatchObject({ remainingFreeUses: 2 });
  });

  it('limits visitors whatever pays (the public coupon included), but not signed-in users', async () => {
    await start({ config: { RATE_LIMIT_VISITOR_AI_PER_HOUR: 2, PUBLIC_COUPON_CODE: 'OPEN' } });
    const redeemers = [httpClient(server!.url), httpClient(server!.url), httpClient(server!.url)];
    for (const visitor of redeemers) expect((await visitor.call('POST', '/api/redeem-coupon', { couponCode: 'OPEN' })).status).toBe(200);
    const asked = await sequentially(9, (i) => redeemers[i % 3]!.call('POST', '/api/generate-parameter', { prompt: 'hooks' }));
    expect(statuses(asked)).toEqual({ 200: 2, 429: 7 });
    const user = httpClient(server!.url);
    await user.form('/auth/local', { displayName: 'Cy', email: 'cy@example.com' });
    const users = await sequentially(3, () => user.call('POST', '/api/generate-parameter', { prompt: 'hooks' }));
    expect(users.map((res) => res.status)).toEqual([200, 200, 200]);
  });
});

describe('limits hold under bursts (one atomic reservation each)', () => {
  const parallel = <T>(times: number, run: (index: number) => Promise<T>) => Promise.all(Array.from({ length: times }, (_, i) => run(i)));

  it('passes no more than RATE_LIMIT_VISITOR_AI_PER_HOUR of 40 parallel cookie-less AI calls', async () => {
    await start({ config: { RATE_LIMIT_VISITOR_AI_PER_HOUR: 10, RATE_LIMIT_NEW_VISITORS_PER_HOUR: 100 } });
    const results = await parallel(40, () => bare('POST', '/api/generate-parameter', { prompt: 'viral triggers' }));
    expect(statuses(results)).toEqual({ 200: 10, 429: 30 });
    const charges = (await server!.eventStore.readAll()).filter((event) => event.type === 'AiRequestCharged');
    expect(charges).toHaveLength(10);
  });

  it('evaluates no more than RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES of 40 parallel wrong codes', async () => {
    await start({ config: { RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 10 } });
    const guesser = httpClient(server!.url);
    await guesser.call('GET', '/api/auth/user');
    const guesses = await parallel(40, (i) => guesser.call('POST', '/api/redeem-coupon', { couponCode: `GUESS-${i}` }));
    expect(statuses(guesses)).toEqual({ 400: 10, 429: 30 });
  });

  it('makes no more than RATE_LIMIT_NEW_VISITORS_PER_HOUR of 200 parallel new visitors', async () => {
    await start({ config: { RATE_LIMIT_NEW_VISITORS_PER_HOUR: 30 } });
    const results = await parallel(200, () => bare('POST', '/api/projects', {}));
    expect(statuses(results)).toEqual({ 201: 30, 429: 170 });
  });
});

describe('guessing coupon codes', () => {
  it('refuses every attempt, a right code included, after RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES wrong ones from one account', async () => {
    await start({ config: { RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 10, PUBLIC_COUPON_CODE: 'REAL-ONE' } });
    const guesser = httpClient(server!.url);
    const head = await server!.eventStore.headPosition();
    const guesses = await sequentially(12, (i) => guesser.call('POST', '/api/redeem-coupon', { couponCode: `GUESS-${i}` }));
    expect(guesses.slice(0, 10).every((res) => res.status === 400 && res.body.message === 'Invalid coupon code')).toBe(true);
    expect(guesses.slice(10).map((res) => res.status)).toEqual([429, 429]);
    expect(guesses[10]!.body).toMatchObject({ success: false, error: 'Too many attempts' });
    expect(guesses[10]!.body.message).toMatch(/Too many wrong coupon codes\. Please try again in \d+ minutes?\./);
    expect(guesses[10]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await guesser.call('POST', '/api/redeem-coupon', { couponCode: 'REAL-ONE' })).status).toBe(429);
    expect(await server!.eventStore.headPosition()).toBe(head);
  });

  it('counts per address too: new visitors from one address share the limit', async () => {
    await start({ config: { RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 4 } });
    const guesses = await sequentially(6, (i) => httpClient(server!.url).call('POST', '/api/redeem-coupon', { couponCode: `NOPE-${i}` }));
    expect(guesses.map((res) => res.status)).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('keeps the spec texts for real codes, and does not count them as wrong', async () => {
    await start({ config: { RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 2, PUBLIC_COUPON_CODE: 'REAL-TWO' } });
    const ann = httpClient(server!.url);
    expect((await ann.call('POST', '/api/redeem-coupon', { couponCode: 'REAL-TWO' })).status).toBe(200);
    const again = await sequentially(3, () => ann.call('POST', '/api/redeem-coupon', { couponCode: 'REAL-TWO' }));
    expect(again.map((res) => res.status)).toEqual([409, 409, 409]);
    expect(again[0]!.body.message).not.toBe('Invalid coupon code');
  });
});

describe('signing out', () => {
  it('revokes the session: a copied cookie is not the user any more, on reads, commands and /ws', async () => {
    await start();
    const ann = httpClient(server!.url);
    await ann.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' });
    const copied = ann.cookie();
    const asCopy = (path: string, method = 'GET') =>
      fetch(`${server!.url}${path}`, { method, headers: { cookie: copied } }).then(async (res) => ({ status: res.status, body: await res.json() }));
    // The user's account is a read model: on a loaded machine it may follow the sign-in a moment later.
    await expect
      .poll(async () => (await asCopy('/api/auth/user')).body, { timeout: 10_000 })
      .toMatchObject({ isAuthenticated: true, email: 'ann@example.com' });
    const out = await ann.form('/auth/logout', {});
    expect(out.status).toBe(303);
    expect((await asCopy('/api/auth/user')).body).toMatchObject({ isAuthenticated: false, email: null });
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: false });
  });
});

describe('production over plain HTTP', () => {
  it('answers instead of failing on a cookie it cannot make Secure, and /auth/google without a client is 503', async () => {
    // Production serves PUBLIC_URL's host only: a free port, named in PUBLIC_URL, over plain HTTP.
    const port = await freePort();
    await start({
      opsToken: 'o'.repeat(24),
      config: { NODE_ENV: 'production', SECRETS_KEY: 'ab'.repeat(32), PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    const user = await bare('GET', '/api/auth/user');
    expect(user.status).toBe(200);
    const google = await fetch(`${server!.url}/auth/google`, { redirect: 'manual' });
    expect(google.status).toBe(503);
    expect(await google.text()).toContain('Sign-in is not configured');
  });
});
