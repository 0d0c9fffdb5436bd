import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { actorOf, endUserSession, NOBODY, readOnlySessions, SESSION_COOKIE, sessionOf, sessions, startUserSession } from './session.ts';

const secret = 'a-session-secret-for-tests-0123456789';

/** One app that writes sessions (as the command API does) and one that only reads them (as the query API does). */
const writer = () => {
  const app = new Koa();
  app.use(sessions(app, { secret, secure: false }));
  app.use((ctx) => (ctx.body = { actor: actorOf(ctx) }));
  return app;
};
const reader = () => {
  const app = new Koa();
  app.use(readOnlySessions(app, { secret }));
  app.use((ctx) => (ctx.body = { actor: actorOf(ctx) }));
  return app;
};

const cookiesFrom = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]!);

describe('sessions', () => {
  it('gives a new visitor an id in a signed, httpOnly, sameSite=lax cookie', async () => {
    const res = await request(writer().callback()).get('/');
    expect(res.body.actor).toMatch(/^visitor-[0-9a-f-]{36}$/);
    const cookies = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=.*httponly`, 'i'));
    expect(cookies).toMatch(/samesite=lax/i);
    expect(cookies).toContain(`${SESSION_COOKIE}.sig=`);
  });

  it('is read back by a read-only app, repeatedly, without setting cookies', async () => {
    const issued = await request(writer().callback()).get('/');
    const app = reader().callback();
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/').set('Cookie', cookiesFrom(issued).join('; '));
      expect(res.body.actor).toBe(issued.body.actor);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('treats a tampered or unsigned cookie as nobody', async () => {
    const issued = await request(writer().callback()).get('/');
    const [value, signature] = cookiesFrom(issued);
    const forged = Buffer.from(JSON.stringify({ visitorId: 'someone-else' })).toString('base64');
    const app = reader().callback();
    expect((await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=${forged}; ${signature}`)).body.actor).toBe(NOBODY);
    expect((await request(app).get('/').set('Cookie', value!)).body.actor).toBe(NOBODY);
    expect((await request(app).get('/')).body.actor).toBe(NOBODY);
  });

  it('adds Secure to the cookies in production (behind a proxy that terminated TLS)', async () => {
    const app = new Koa({ proxy: true });
    app.use(sessions(app, { secret, secure: true }));
    app.use((ctx) => (ctx.body = { actor: actorOf(ctx) }));
    const res = await request(app.callback()).get('/').set('X-Forwarded-Proto', 'https');
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; secure/i);
  });
});

describe('signing in and out', () => {
  /** A writer with /in (as user "ann", the session first given a leftover value) and /out, as the auth routes use them. */
  const auth = () => {
    const app = new Koa();
    app.use(sessions(app, { secret, secure: false }));
    app.use((ctx) => {
      if (ctx.path === '/leftover') (sessionOf(ctx) as Record<string, unknown>).returnTo = '/planted';
      if (ctx.path === '/in') startUserSession(ctx, 'ann');
      if (ctx.path === '/out') endUserSession(ctx);
      ctx.body = { actor: actorOf(ctx), session: sessionOf(ctx) };
    });
    return app.callback();
  };
  const decode = (res: request.Response) => JSON.parse(Buffer.from(cookiesFrom(res)[0]!.slice(SESSION_COOKIE.length + 1), 'base64').toString('utf8'));

  it('signs in on a fresh session that keeps the visitor id and drops everything else, under a new cookie', async () => {
    const app = auth();
    const visitor = await request(app).get('/leftover');
    const signedIn = await request(app).get('/in').set('Cookie', cookiesFrom(visitor).join('; '));
    expect(signedIn.body.actor).toBe('user-ann');
    expect(decode(signedIn)).toEqual({ visitorId: decode(visitor).visitorId, userId: 'ann', _expire: expect.any(Number), _maxAge: expect.any(Number) });
    expect(cookiesFrom(signedIn)).not.toEqual(cookiesFrom(visitor));
    // The read side, its verified-cookie cache warm with the visitor's cookie, sees the new one for what it is.
    const read = reader().callback();
    expect((await request(read).get('/').set('Cookie', cookiesFrom(visitor).join('; '))).body.actor).toBe(visitor.body.actor);
    expect((await request(read).get('/').set('Cookie', cookiesFrom(signedIn).join('; '))).body.actor).toBe('user-ann');
  });

  it('signs out as a new anonymous visitor', async () => {
    const app = auth();
    const signedIn = await request(app).get('/in');
    const signedOut = await request(app).get('/out').set('Cookie', cookiesFrom(signedIn).join('; '));
    expect(signedOut.body.actor).toMatch(/^visitor-[0-9a-f-]{36}$/);
    expect(signedOut.body.actor).not.toBe(`visitor-${decode(signedIn).visitorId}`);
    expect(decode(signedOut)).not.toHaveProperty('userId');
  });
});
