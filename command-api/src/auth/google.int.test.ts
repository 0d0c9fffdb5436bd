import { SESSION_COOKIE, SESSIONS_COLLECTION, silentLogger, uuidFrom, type Logger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';
import type { AuthOptions } from './config.ts';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleProfile } from './testing/fake-google.ts';
import { actorAfter, capturingLogger, cookieHeaderFrom, sessionSetBy, setCookiesOf, TEST_SESSION_SECRET } from './testing/helpers.ts';

const PUBLIC_URL = 'http://app.test';
const CLIENT = { clientId: 'fake-client-id.apps.googleusercontent.com', clientSecret: 'fake-client-secret-do-not-leak' };
const ANN: FakeGoogleProfile = {
  sub: '109876543210987654321',
  email: 'ann@example.com',
  email_verified: true,
  name: 'Ann Lee',
  picture: 'https://lh3.googleusercontent.com/a/ann=s96-c',
};
const annUserId = uuidFrom(`google:${ANN.sub}`);

let stores: Awaited<ReturnType<typeof openTestStores>>;
let google: FakeGoogle;

beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(async () => {
  await google?.close();
  await stores.cleanup();
});

const startGoogle = async (profile: FakeGoogleProfile = ANN) => (google = await startFakeGoogle({ ...CLIENT, profile }));

const appWith = (auth: Partial<AuthOptions> = {}, logger: Logger = silentLogger()) =>
  createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    // As behind nginx: the scheme and host Google must call back on come from X-Forwarded-*.
    trustProxy: true,
    logger,
    sessionSecret: TEST_SESSION_SECRET,
    secureCookies: auth.production ?? false,
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
    auth: {
      production: false,
      publicUrl: PUBLIC_URL,
      google: { ...CLIENT, authorizeUrl: google.authorizeUrl, accessUrl: google.accessUrl, profileUrl: google.profileUrl },
      ...auth,
    },
  });

/** What the browser does on Google's side: follow the authorize URL, which consents and redirects back. */
const consentAt = async (authorizeUrl: string) => {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
};

/** From `/auth/google?…` to the callback's answer, through grant and the fake's endpoints. */
const signInWithGoogle = async (agent: ReturnType<typeof request.agent>, start: string) => {
  const started = await agent.get(start);
  expect(started.status).toBe(302);
  const back = await consentAt(started.headers.location!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/google/callback`);
  return { started, back, done: await agent.get(`${back.pathname}${back.search}`) };
};

const allEvents = () => stores.eventStore.readAll();
/** The sign-ins recorded; each first sign-in of a browser also records which user its visitor became (hand-over). */
const signInEvents = async () => (await allEvents()).filter((event) => event.type === 'SignedIn');
const asText = (value: unknown) => JSON.stringify(value, (_key, each: unknown) => (typeof each === 'bigint' ? String(each) : each));

describe('GET /auth/google', () => {
  it("redirects to Google's authorize URL with the client, the callback on PUBLIC_URL, the scopes, state, nonce and PKCE", async () => {
    await startGoogle();
    const res = await request(appWith().callback()).get('/auth/google?returnTo=/stage-2');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.clientId,
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[0-9a-f]{40}$/),
      nonce: expect.stringMatching(/^[0-9a-f]{40}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    // The flow's record stays in the signed cookie; the query is not carried into it as grant "dynamic" settings.
    expect(await sessionSetBy(res, stores.documentStore)).toMatchObject({
      returnTo: '/stage-2',
      grant: { provider: 'google', state: url.searchParams.get('state') },
    });
    expect((await sessionSetBy(res, stores.documentStore))!.grant).not.toHaveProperty('dynamic');
  });

  it('builds the callback on the request origin when PUBLIC_URL is not set (forwarded headers behind a proxy)', async () => {
    await startGoogle();
    const app = appWith({ publicUrl: undefined }).callback();
    const direct = new URL((await request(app).get('/auth/google')).headers.location!);
    expect(direct.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/google\/callback$/);
    const proxied = await request(app).get('/auth/google').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'ideas.example.com');
    expect(new URL(proxied.headers.location!).searchParams.get('redirect_uri')).toBe('https://ideas.example.com/auth/google/callback');
  });
});

describe('Google sign-in, the whole flow', () => {
  it("ends signed in as the user derived from Google's sub, records SignedIn with the profile, and returns to returnTo", async () => {
    await startGoogle();
    const agent = request.agent(appWith().callback());
    const { started, done } = await signInWithGoogle(agent, '/auth/google?returnTo=/stage-2');

    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/stage-2');
    expect(await actorAfter(done, stores.documentStore)).toBe(`user-${annUserId}`);
    // The session is a new one: the visitor id carried over, the flow's record and returnTo gone; the email Google
    // gave decides whether this is an operator.
    expect(await sessionSetBy(done, stores.documentStore)).toEqual({
      visitorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: annUserId,
      email: 'ann@example.com',
      _expire: expect.any(Number),
      _maxAge: expect.any(Number),
    });
    // The session the flow started in is revoked, not just replaced in this browser.
    expect(await actorAfter(started, stores.documentStore)).toBe('nobody');
    expect(google.calls).toEqual(['GET /authorize', 'POST /token', 'GET /userinfo']);

    const events = await signInEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      streamId: `account-user-${annUserId}`,
      type: 'SignedIn',
      data: {
        accountId: `user-${annUserId}`,
        email: ANN.email,
        displayName: ANN.name,
        profileImageUrl: ANN.picture,
        signedInAt: '2026-11-23T10:00:00.000Z',
      },
      metadata: { actorId: `user-${annUserId}` },
    });
  });

  it('signs in with a signed, httpOnly, sameSite=lax cookie, secure in production', async () => {
    await startGoogle();
    // A cookie jar keeps secure cookies from plain http, so the browser's part is played by hand, behind "TLS".
    const app = appWith({ production: true }).callback();
    const started = await request(app).get('/auth/google?returnTo=/dashboard').set('X-Forwarded-Proto', 'https');
    const back = await consentAt(started.headers.location!);
    const done = await request(app).get(`${back.pathname}${back.search}`).set('X-Forwarded-Proto', 'https').set('Cookie', cookieHeaderFrom(started));
    expect(done.headers.location).toBe('/dashboard');
    const session = setCookiesOf(done).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; httponly/i);
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).toMatch(/; secure/i);
    expect(setCookiesOf(done).some((cookie) => cookie.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
  });

  it('puts no token or secret in any event, cookie or log line', async () => {
    await startGoogle();
    const { logger, lines } = capturingLogger();
    const agent = request.agent(appWith({}, logger).callback());
    const { started, done } = await signInWithGoogle(agent, '/auth/google');
    expect(done.status).toBe(302);
    expect(lines.some((line) => line.includes('signed in'))).toBe(true);
    const secrets = google.secrets();
    expect(secrets).toHaveLength(4);
    const everything = [
      asText(await allEvents()),
      ...lines,
      asText(await stores.documentStore.find(SESSIONS_COLLECTION)),
      done.text,
      asText(setCookiesOf(started)),
      asText(setCookiesOf(done)),
    ].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', 'javascript:alert(1)'])(
    'returns to / instead of returnTo=%j',
    async (returnTo) => {
      await startGoogle();
      const agent = request.agent(appWith().callback());
      const { done } = await signInWithGoogle(agent, `/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
      expect(done.headers.location).toBe('/');
      expect(await actorAfter(done, stores.documentStore)).toBe(`user-${annUserId}`);
    },
  );

  it('returns to the page the user came from (Referer on this site) when no returnTo is given', async () => {
    await startGoogle();
    const agent = request.agent(appWith().callback());
    const started = await agent.get('/auth/google').set('Referer', `${PUBLIC_URL}/subscription?tab=plans`);
    const back = await consentAt(started.headers.location!);
    expect((await agent.get(`${back.pathname}${back.search}`)).headers.location).toBe('/subscription?tab=plans');

    const other = request.agent(appWith().callback());
    const fromElsewhere = await other.get('/auth/google').set('Referer', 'https://evil.com/subscription');
    const elsewhereBack = await consentAt(fromElsewhere.headers.location!);
    expect((await other.get(`${elsewhereBack.pathname}${elsewhereBack.search}`)).headers.location).toBe('/');
  });
});

describe('Google sign-in that must not sign anyone in', () => {
  const expectNobodySignedIn = async (res: request.Response) => {
    expect(await actorAfter(res, stores.documentStore)).not.toMatch(/^user-/);
    expect(await allEvents()).toEqual([]);
  };

  it('refuses a wrong state without asking Google for tokens', async () => {
    await startGoogle();
    const agent = request.agent(appWith().callback());
    const started = await agent.get('/auth/google?returnTo=/stage-2');
    const back = await consentAt(started.headers.location!);
    back.searchParams.set('state', 'not-the-state-this-browser-was-given');
    const res = await agent.get(`${back.pathname}${back.search}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('Sign-in expired');
    expect(google.calls).toEqual(['GET /authorize']);
    await expectNobodySignedIn(res);
    // The failed attempt is spent: the right state no longer works either.
    back.searchParams.set('state', new URL(started.headers.location!).searchParams.get('state')!);
    expect((await agent.get(`${back.pathname}${back.search}`)).status).toBe(400);
    expect(google.calls).toEqual(['GET /authorize']);
  });

  it("refuses a callback that this browser did not start (a code from someone else's flow)", async () => {
    await startGoogle();
    const victim = request.agent(appWith().callback());
    const attacker = request.agent(appWith().callback());
    const started = await attacker.get('/auth/google');
    const back = await consentAt(started.headers.location!);
    const res = await victim.get(`${back.pathname}${back.search}`);
    expect(res.status).toBe(400);
    await expectNobodySignedIn(res);
  });

  it('cannot replay a callback after it signed in', async () => {
    await startGoogle();
    const agent = request.agent(appWith().callback());
    const { back, done } = await signInWithGoogle(agent, '/auth/google');
    expect(done.status).toBe(302);
    const replay = await agent.get(`${back.pathname}${back.search}`);
    expect(replay.status).toBe(400);
    expect(await signInEvents()).toHaveLength(1);
  });

  it('shows a clear page when the user denies consent', async () => {
    await startGoogle();
    const agent = request.agent(appWith().callback());
    const started = await agent.get('/auth/google?returnTo=/stage-2');
    const state = new URL(started.headers.location!).searchParams.get('state')!;
    const res = await agent.get(`/auth/google/callback?error=access_denied&state=${state}`);
    expect(res.status).toBe(401);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('Sign-in cancelled');
    expect(res.text).toContain('href="/stage-2"');
    expect(res.text).toContain('href="/auth/google?returnTo=%2Fstage-2"');
    await expectNobodySignedIn(res);
  });

  it('refuses a Google account whose email is not verified', async () => {
    await startGoogle({ ...ANN, email_verified: false });
    const agent = request.agent(appWith().callback());
    const { done } = await signInWithGoogle(agent, '/auth/google');
    expect(done.status).toBe(403);
    await expectNobodySignedIn(done);
  });

  it('answers 502 when Google refuses the code (a wrong client secret, say), logging only the error code', async () => {
    await startGoogle();
    const { logger, lines } = capturingLogger();
    const app = createCommandApi({
      eventStore: stores.eventStore,
      documentStore: stores.documentStore,
      logger,
      sessionSecret: TEST_SESSION_SECRET,
      secureCookies: false,
      auth: {
        production: false,
        publicUrl: PUBLIC_URL,
        google: {
          clientId: CLIENT.clientId,
          clientSecret: 'a-wrong-secret',
          authorizeUrl: google.authorizeUrl,
          accessUrl: google.accessUrl,
          profileUrl: google.profileUrl,
        },
      },
    });
    const { done } = await signInWithGoogle(request.agent(app.callback()), '/auth/google');
    expect(done.status).toBe(502);
    expect(done.text).toContain('Sign-in failed');
    expect(lines.join('\n')).toContain('invalid_client');
    expect(lines.join('\n')).not.toContain('a-wrong-secret');
    await expectNobodySignedIn(done);
  });
});

describe('without a Google client', () => {
  it('sends /auth/google to the local sign-in page outside production, keeping returnTo', async () => {
    await startGoogle();
    const res = await request(appWith({ google: undefined }).callback()).get('/auth/google?returnTo=/stage-2');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/local?returnTo=%2Fstage-2');
  });

  it("answers 503 'Sign-in is not configured' in production", async () => {
    await startGoogle();
    const res = await request(appWith({ google: undefined, production: true }).callback())
      .get('/auth/google')
      .set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(503);
    expect(res.text).toContain('Sign-in is not configured');
  });
});
