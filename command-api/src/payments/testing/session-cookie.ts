import { sessionOf, sessions } from '@vis/infrastructure';
import Koa from 'koa';
import request from 'supertest';

/**
 * The Cookie header of a browser signed in as `userId`, made by the product's own `sessions()` middleware with
 * the same secret (so the command API verifies it like any other), for tests that run before or without the
 * sign-in routes.
 */
export const signedInCookie = async (secret: string, userId: string): Promise<string> => {
  const app = new Koa();
  app.use(sessions(app, { secret, secure: false }));
  app.use((ctx) => {
    sessionOf(ctx).userId = userId;
    ctx.status = 204;
  });
  const res = await request(app.callback()).get('/');
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  if (cookies.length === 0) throw new Error('the session middleware set no cookie');
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
};
