import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { VISITOR_COOKIE } from '@vis/domain';
import Koa from 'koa';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_ABUSE_LIMITS, type Abuse } from '../abuse/limits.ts';
import { createRateLimiter, type RateLimiter } from '../abuse/rate-limiter.ts';
import { openTestStores } from '../testing/embedded-stores.ts';
import { errorHandler } from './errors.ts';
import { silentLogger } from '../logging/logger.ts';
import {
  actorOf,
  createSessionIdentifier,
  endUserSession,
  NOBODY,
  SESSION_COOKIE,
  sessions,
  startUserSession,
  type SessionOptions,
} from './session.ts';
import { createSessionStore, SESSIONS_COLLECTION } from './session-store.ts';

const secret = 'a-session-secret-for-tests-0123456789';

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

/** An app on the shared session records, as each service builds one (`proxy`: behind a trusted proxy). */
const appWith = (options: Partial<SessionOptions> = {}, { proxy = false } = {}) => {
  const app = new Koa({ proxy, maxIpsCount: 1 });
  app.use(errorHandler(silentLogger()));
  app.use(sessions(app, { secret, store: createSessionStore({ documentStore: stores.documentStore }), ...options }));
  app.use(async (ctx) => {
    if (ctx.path === '/in') await startUserSession(ctx, 'ann', 'ann@example.com');
    if (ctx.path === '/out') await endUserSession(ctx);
    ctx.body = { actor: actorOf(ctx) };
  });
  return app.callback();
};

const setCookies = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const cookieHeader = (res: request.Response) =>
  setCookies(res)
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
const recordCount = () => stores.documentStore.count(SESSIONS_COLLECTION);

describe('sessions', () => {
  it('gives a new visitor an id on its first request, a read included, in a signed, httpOnly, sameSite=lax cookie', async () => {
    const res = await request(appWith()).get('/');
    expect(res.body.actor).toMatch(/^visitor-[0-9a-f-]{36}$/);
    const cookies = setCookies(res).join('\n');
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=.*httponly`, 'i'));
    expect(cookies).toMatch(/samesite=lax/i);
    expect(cookies).toContain(`${SESSION_COOKIE}.sig=`);
    // and one the page can read, which says no more than that it has a session (see VISITOR_COOKIE)
    expect(setCookies(res).find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=1;`))).not.toMatch(/httponly/i);
    expect(await recordCount()).toBe(1);
  });

  it('keeps the session on the server: the cookie names a record and carries nothing of it', async () => {
    const res = await request(appWith()).get('/');
    const value = cookieHeader(res)
      .split('; ')
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
      .slice(SESSION_COOKIE.length + 1);
    expect(value).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.actor).not.toContain(value);
  });

  it('is recognised by every app on the same records, repeatedly, without new cookies', async () => {
    const issued = await request(appWith()).get('/');
    const other = appWith();
    for (let i = 0; i < 3; i++) {
      const res = await request(other).get('/').set('Cookie', cookieHeader(issued));
      expect(res.body.actor).toBe(issued.body.actor);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await recordCount()).toBe(1);
  });

  it('treats a tampered or unsigned cookie as a new visitor', async () => {
    const app = appWith();
    const issued = await request(app).get('/');
    const other = await request(app).get('/');
    const [value, signature] = cookieHeader(issued).split('; ');
    const [otherValue] = cookieHeader(other).split('; ');
    for (const cookie of [`${otherValue}; ${signature}`, value!]) {
      const res = await request(app).get('/').set('Cookie', cookie);
      expect(res.body.actor).toMatch(/^visitor-/);
      expect([issued.body.actor, other.body.actor]).not.toContain(res.body.actor);
    }
  });

  it('makes cookies Secure when the request came over HTTPS, as a trusted proxy says', async () => {
    const res = await request(appWith({}, { proxy: true }))
      .get('/')
      .set('X-Forwarded-Proto', 'https');
    expect(setCookies(res).map((cookie) => cookie.split('=')[0])).toEqual([VISITOR_COOKIE, SESSION_COOKIE, `${SESSION_COOKIE}.sig`]);
    for (const cookie of setCookies(res)) expect(cookie).toMatch(/; secure/i);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted, and answers over plain HTTP instead of failing', async () => {
    const res = await request(appWith()).get('/').set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(200);
    for (const cookie of setCookies(res)) expect(cookie).not.toMatch(/; secure/i);
  });
});

describe('signing in and out', () => {
  it('signs in under a new session id and revokes the old one', async () => {
    const app = appWith();
    const visitor = await request(app).get('/');
    const signedIn = await request(app).get('/in').set('Cookie', cookieHeader(visitor));
    expect(signedIn.body.actor).toBe('user-ann');
    expect(cookieHeader(signedIn)).not.toBe(cookieHeader(visitor));
    // The cookie from before sign-in (planted by someone else, say) is nobody's any more: a new visitor.
    const old = await request(app).get('/').set('Cookie', cookieHeader(visitor));
    expect(old.body.actor).not.toBe(visitor.body.actor);
    expect(old.body.actor).not.toBe('user-ann');
  });

  it('revokes the session on sign-out: a copy of the signed-in cookie is a stranger afterwards', async () => {
    const app = appWith();
    const signedIn = await request(app).get('/in');
    const copied = cookieHeader(signedIn);
    expect((await request(app).get('/').set('Cookie', copied)).body.actor).toBe('user-ann');
    const signedOut = await request(app).get('/out').set('Cookie', copied);
    expect(signedOut.body.actor).toMatch(/^visitor-[0-9a-f-]{36}$/);
    const replayed = await request(app).get('/').set('Cookie', copied);
    expect(replayed.body.actor).not.toBe('user-ann');
    expect(replayed.body.actor).not.toBe(signedOut.body.actor);
  });

  it('revokes for WebSockets too: an upgrade with the copied cookie belongs to nobody', async () => {
    const app = appWith();
    const signedIn = await request(app).get('/in');
    const identify = createSessionIdentifier({ secret, store: createSessionStore({ documentStore: stores.documentStore }) });
    const upgrade = () => {
      const message = new IncomingMessage(new Socket());
      message.headers.cookie = cookieHeader(signedIn);
      return identify(message);
    };
    expect((await upgrade()).actor).toBe('user-ann');
    await request(app).get('/out').set('Cookie', cookieHeader(signedIn));
    expect((await upgrade()).actor).toBe(NOBODY);
  });
});

/** Only the new-visitor limit, at `perHour`. */
const limitedTo = (limiter: RateLimiter, perHour: number): Abuse => ({ limiter, limits: { ...NO_ABUSE_LIMITS, newVisitorsPerHour: perHour } });

describe('new visitors per client address', () => {
  const limited = (perHour: number) => appWith({ abuse: limitedTo(createRateLimiter({ documentStore: stores.documentStore }), perHour) });

  it('serves reads anonymously over the limit, without a cookie or a record, and refuses commands with 429', async () => {
    const app = limited(2);
    for (let i = 0; i < 2; i++) expect((await request(app).get('/')).body.actor).toMatch(/^visitor-/);
    const read = await request(app).get('/');
    expect(read.status).toBe(200);
    expect(read.body.actor).toBe(NOBODY);
    expect(read.headers['set-cookie']).toBeUndefined();
    const command = await request(app).post('/');
    expect(command.status).toBe(429);
    expect(command.headers['retry-after']).toMatch(/^\d+$/);
    expect(command.body).toMatchObject({ success: false, error: 'Too many new visitors' });
    expect(command.body.message).toMatch(/try again in \d+ minutes?, or sign in/);
    expect(await recordCount()).toBe(2);
  });

  it('lets known visitors and signing in through when the address is over the limit', async () => {
    const app = limited(1);
    const known = await request(app).get('/');
    expect((await request(app).post('/').set('Cookie', cookieHeader(known))).body.actor).toBe(known.body.actor);
    expect((await request(app).post('/')).status).toBe(429);
    const signIn = await request(app).post('/auth/in-flow');
    expect(signIn.status).toBe(200);
  });

  it('counts each address on its own, from the socket unless a proxy is trusted', async () => {
    const limiter = createRateLimiter({ documentStore: stores.documentStore });
    const direct = appWith({ abuse: limitedTo(limiter, 1) });
    await request(direct).get('/').set('X-Forwarded-For', '203.0.113.1');
    // Without a trusted proxy the header is the client's own word: the same socket address is over the limit.
    expect((await request(direct).post('/').set('X-Forwarded-For', '203.0.113.2')).status).toBe(429);
    const proxied = appWith({ abuse: limitedTo(limiter, 1) }, { proxy: true });
    expect((await request(proxied).post('/').set('X-Forwarded-For', '203.0.113.3')).status).toBe(200);
    expect((await request(proxied).post('/').set('X-Forwarded-For', '203.0.113.3')).status).toBe(429);
    // Only the entry our proxy appended counts; a client cannot prepend its way to a fresh address.
    expect((await request(proxied).post('/').set('X-Forwarded-For', '198.51.100.7, 203.0.113.3')).status).toBe(429);
  });

  it('counts the visitor a sign-out starts like any new one: over the limit, signing out leaves no session, and a command is refused', async () => {
    const app = limited(2);
    const first = await request(app).get('/');
    const signedIn = await request(app).get('/in').set('Cookie', cookieHeader(first));
    const out = await request(app).get('/out').set('Cookie', cookieHeader(signedIn));
    // The second new visitor of this address: within the limit.
    expect(out.body.actor).toMatch(/^visitor-/);
    const again = await request(app).get('/in').set('Cookie', cookieHeader(out));
    const overLimit = await request(app).get('/out').set('Cookie', cookieHeader(again));
    expect(overLimit.status).toBe(200);
    expect(overLimit.body.actor).toBe(NOBODY);
    // The user's session ends all the same; the browser keeps no session, and no cookie says it has one.
    const cookies = setCookies(overLimit);
    expect(cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(cookies.find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`))).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect((await request(app).get('/').set('Cookie', cookieHeader(again))).body.actor).toBe(NOBODY);
    expect((await request(app).post('/').set('Cookie', cookieHeader(overLimit))).status).toBe(429);
    expect(await recordCount()).toBe(0);
  });

  it('is off at 0', async () => {
    const app = limited(0);
    for (let i = 0; i < 5; i++) expect((await request(app).post('/')).body.actor).toMatch(/^visitor-/);
  });
});

describe('session records', () => {
  it('are given to a reader that only looks (peek) as get gives them, until their expiry by the store’s clock, and never after a sign-out', async () => {
    let now = new Date('2026-11-27T10:00:00.000Z');
    const store = createSessionStore({ documentStore: stores.documentStore, clock: () => now });
    const sid = '00000000-0000-4000-8000-000000000001';
    await store.set(sid, { visitorId: 'v1' }, 60_000);
    expect(await store.peek!(sid)).toEqual({ visitorId: 'v1' });
    expect(await store.peek!(sid)).toBe(await store.peek!(sid));

    now = new Date('2026-11-27T10:00:59.999Z');
    expect(await store.peek!(sid)).toEqual({ visitorId: 'v1' });
    expect(await store.get(sid)).toEqual({ visitorId: 'v1' });
    now = new Date('2026-11-27T10:01:00.000Z');
    expect(await store.peek!(sid)).toBeNull();
    expect(await store.get(sid)).toBeNull();

    now = new Date('2026-11-27T10:00:00.000Z');
    await store.destroy(sid);
    expect(await store.peek!(sid)).toBeNull();
  });
});
