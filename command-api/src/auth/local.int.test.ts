import { INVALID_EMAIL_MESSAGE } from '@vis/domain';
import { SESSION_COOKIE, silentLogger, uuidFrom } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';
import type { AuthOptions } from './config.ts';
import { actorAfter, cookieHeaderFrom, sessionSetBy, setCookiesOf, TEST_SESSION_SECRET } from './testing/helpers.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;

beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

const appWith = (auth: AuthOptions = { production: false }) =>
  createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: TEST_SESSION_SECRET,
    secureCookies: auth.production,
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
    auth,
  }).callback();

const allEvents = () => stores.eventStore.readAll();
/** The sign-ins recorded; each first sign-in of a browser also records which user its visitor became (hand-over). */
const signInEvents = async () => (await allEvents()).filter((event) => event.type === 'SignedIn');
const postForm = (app: ReturnType<typeof appWith>, form: Record<string, string>) => request(app).post('/auth/local').type('form').send(form);

describe('GET /auth/local', () => {
  it('shows a clearly labelled form that stands in for Google sign-in', async () => {
    const res = await request(appWith()).get('/auth/local?returnTo=/dashboard');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<title>Local sign-in (development) · Viral Idea Studio</title>');
    expect(res.text).toContain('<h1>Local sign-in (development)</h1>');
    expect(res.text).toContain('stands in for Google sign-in because no Google client is configured');
    expect(res.text).toContain('<form method="post" action="/auth/local">');
    expect(res.text).toContain('<input type="hidden" name="returnTo" value="/dashboard">');
    expect(res.text).toMatch(/<input id="displayName" name="displayName"/);
    expect(res.text).toMatch(/<input id="email" name="email" type="email"/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carries only a same-site returnTo into the form', async () => {
    const res = await request(appWith()).get('/auth/local?returnTo=//evil.com');
    expect(res.text).toContain('<input type="hidden" name="returnTo" value="/">');
  });
});

describe('POST /auth/local', () => {
  it('signs in as the user derived from the lower-cased email, records SignedIn, and returns to returnTo', async () => {
    const app = appWith();
    const visitor = await request(app).get('/auth/local');
    // Read now: signing in revokes the visitor's session record (its id moves to the new one).
    const visitorSession = (await sessionSetBy(visitor, stores.documentStore))!;
    const res = await request(app)
      .post('/auth/local')
      .set('Cookie', cookieHeaderFrom(visitor))
      .type('form')
      .send({ displayName: '  Ann Lee ', email: ' Ann@Example.com ', returnTo: '/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const userId = uuidFrom('local:ann@example.com');
    expect(await actorAfter(res, stores.documentStore)).toBe(`user-${userId}`);
    expect(await sessionSetBy(res, stores.documentStore)).toMatchObject({ visitorId: visitorSession.visitorId, userId });
    // The visitor's cookie is worth nothing now: whoever held a copy of it is not this user.
    expect(await actorAfter(visitor, stores.documentStore)).toBe('nobody');
    const session = setCookiesOf(res).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).toMatch(/; httponly/i);
    expect(session).not.toMatch(/; secure/i);
    expect(await signInEvents()).toMatchObject([
      {
        streamId: `account-user-${userId}`,
        type: 'SignedIn',
        data: {
          accountId: `user-${userId}`,
          email: 'Ann@Example.com',
          displayName: 'Ann Lee',
          profileImageUrl: null,
          signedInAt: '2026-11-23T10:00:00.000Z',
        },
      },
    ]);
  });

  it('signs the same email in as the same user, whatever its case', async () => {
    const app = appWith();
    const first = await postForm(app, { displayName: 'Ann', email: 'ann@example.com' });
    const second = await postForm(app, { displayName: 'Ann', email: 'ANN@EXAMPLE.COM' });
    expect(await actorAfter(second, stores.documentStore)).toBe(await actorAfter(first, stores.documentStore));
    expect(await signInEvents()).toHaveLength(2);
  });

  it('re-renders the form with the message for an email without @, echoing the input escaped, and writes nothing', async () => {
    const res = await postForm(appWith(), { displayName: '<script>alert("x")</script>', email: 'ann.example.com', returnTo: '/stage-2' });
    expect(res.status).toBe(400);
    expect(res.text).toContain(INVALID_EMAIL_MESSAGE);
    expect(res.text).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('value="ann.example.com"');
    expect(res.text).toContain('<input type="hidden" name="returnTo" value="/stage-2">');
    expect((await sessionSetBy(res, stores.documentStore))?.userId).toBeUndefined();
    expect(await allEvents()).toEqual([]);
  });

  it.each([
    [{ displayName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    [{ displayName: 'A'.repeat(201), email: 'ann@example.com' }, 'Display name: at most 200 characters'],
    [{ email: `${'a'.repeat(320)}@example.com` }, 'Email: at most 320 characters'],
    [{ email: 'ann@example.com', isAdmin: 'true' }, 'Unknown field: isAdmin'],
  ])('refuses %j with a message, writing nothing', async (form, message) => {
    const res = await postForm(appWith(), form);
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
    expect(await allEvents()).toEqual([]);
  });

  it('takes a blank display name (the account shows the email name)', async () => {
    const res = await postForm(appWith(), { displayName: '   ', email: 'bob@example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await allEvents())[0]).toMatchObject({ data: { email: 'bob@example.com', displayName: 'bob' } });
  });

  it('returns to / for a returnTo that leaves the site', async () => {
    for (const returnTo of ['//evil.com', 'https://evil.com', '/\\evil.com']) {
      expect((await postForm(appWith(), { email: 'ann@example.com', returnTo })).headers.location).toBe('/');
    }
  });

  it('refuses a form posted from another site', async () => {
    const res = await request(appWith()).post('/auth/local').set('Origin', 'https://evil.com').type('form').send({ email: 'mallory@example.com' });
    expect(res.status).toBe(403);
    expect(await allEvents()).toEqual([]);
    // A stranger's page whose name points at this machine names itself in both Host and Origin: not this site.
    const rebound = await request(appWith())
      .post('/auth/local')
      .set('Host', 'rebind.evil.example:3000')
      .set('Origin', 'http://rebind.evil.example:3000')
      .type('form')
      .send({ email: 'mallory@example.com' });
    expect(rebound.status).toBe(403);
    expect(await allEvents()).toEqual([]);
    const sameSite = await request(appWith({ production: false, publicUrl: 'http://ideas.example.com' }))
      .post('/auth/local')
      .set('Origin', 'http://ideas.example.com')
      .type('form')
      .send({ email: 'ann@example.com' });
    expect(sameSite.status).toBe(303);
  });

  it('answers 415 for a body that is not a form', async () => {
    const res = await request(appWith()).post('/auth/local').send({ email: 'ann@example.com' });
    expect(res.status).toBe(415);
    expect(await allEvents()).toEqual([]);
  });
});

describe('local sign-in where it must not exist', () => {
  it('is refused in production, page and form, writing nothing', async () => {
    const app = appWith({ production: true });
    const page = await request(app).get('/auth/local').set('X-Forwarded-Proto', 'https');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Local sign-in is switched off in production');
    const post = await request(app).post('/auth/local').set('X-Forwarded-Proto', 'https').type('form').send({ email: 'ann@example.com' });
    expect(post.status).toBe(404);
    expect(await actorAfter(post, stores.documentStore)).not.toMatch(/^user-/);
    expect(await allEvents()).toEqual([]);
  });

  it('is refused when a Google client is configured', async () => {
    const app = appWith({ production: false, google: { clientId: 'id', clientSecret: 'secret' } });
    expect((await request(app).get('/auth/local')).status).toBe(404);
    expect((await postForm(app, { email: 'ann@example.com' })).status).toBe(404);
    expect(await allEvents()).toEqual([]);
  });
});

describe('/auth/logout', () => {
  const signedIn = async (app: ReturnType<typeof appWith>) => {
    const res = await postForm(app, { displayName: 'Ann', email: 'ann@example.com' });
    expect(await actorAfter(res, stores.documentStore)).toMatch(/^user-/);
    return res;
  };

  it('ends the signed-in session as a new anonymous visitor and returns to returnTo', async () => {
    const app = appWith();
    const session = await signedIn(app);
    const before = (await sessionSetBy(session, stores.documentStore))!;
    const res = await request(app).post('/auth/logout?returnTo=/marketplace').set('Cookie', cookieHeaderFrom(session));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/marketplace');
    const after = (await sessionSetBy(res, stores.documentStore))!;
    expect(after).not.toHaveProperty('userId');
    expect(after.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.visitorId).not.toBe(before.visitorId);
    // Revoked: a copy of the signed-in cookie, kept by someone, no longer signs anyone in.
    expect(await actorAfter(session, stores.documentStore)).toBe('nobody');
    expect(await actorAfter(res, stores.documentStore)).toBe(`visitor-${after.visitorId}`);
  });

  it('returns to / for a returnTo off the site', async () => {
    const app = appWith();
    const session = await signedIn(app);
    const res = await request(app).post('/auth/logout?returnTo=https://evil.com').set('Cookie', cookieHeaderFrom(session));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await actorAfter(res, stores.documentStore)).toMatch(/^visitor-/);
  });

  it('leaves a visitor who was never signed in as they were', async () => {
    const app = appWith();
    const visitor = await request(app).get('/auth/local');
    const res = await request(app).get('/auth/logout').set('Cookie', cookieHeaderFrom(visitor));
    expect(res.status).toBe(302);
    expect(setCookiesOf(res)).toEqual([]);
  });
});

describe('names a person could not have meant', () => {
  it('refuses a display name with a direction override or a control character, and records nothing', async () => {
    for (const displayName of ['Ann\u202Eeil', 'Ann\u0000']) {
      const res = await postForm(appWith(), { displayName, email: 'ann@example.com' });
      expect(res.status).toBe(400);
      expect(res.text).toContain('must not contain control, direction-override or invisible characters');
    }
    expect(await allEvents()).toEqual([]);
  });
});
