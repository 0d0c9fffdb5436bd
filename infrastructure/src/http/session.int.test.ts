import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { actorOf, NOBODY, readOnlySessions, SESSION_COOKIE, sessions } from './session.ts';

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
});
